import { randomFillSync } from 'node:crypto';
import { open } from 'node:fs/promises';
import { concatTransformationMatrix, drawObject, PDFDocument, popGraphicsState, pushGraphicsState, StandardFonts } from 'pdf-lib';

/**
 * A pdf of about `megabytes` MB that looks like a scanned-and-typed report: every page carries a
 * paragraph of real text and a large photo-like image (incompressible noise, stored raw), so the
 * size is in the images, as in real 100 MB pdfs, and the text layer is what extraction reads.
 * Made in the bench, never checked in.
 */
export async function writeBigPdf(file: string, megabytes: number, pages: number): Promise<{ pages: number; bytes: number }> {
  // One grey image per page, sized so that the pages add up to the size asked.
  const side = Math.round(Math.sqrt((megabytes * 1024 * 1024) / pages));
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let p = 1; p <= pages; p++) {
    const page = doc.addPage([595, 842]);
    page.drawText(`Page ${p}: apron stand ${p % 37} handled ${p * 13} movements; the de-icing queue was cleared by the night shift.`, {
      x: 40,
      y: 800,
      size: 10,
      font,
    });
    const noise = randomFillSync(new Uint8Array(side * side));
    const image = doc.context.register(
      doc.context.stream(noise, {
        Type: 'XObject',
        Subtype: 'Image',
        Width: side,
        Height: side,
        ColorSpace: 'DeviceGray',
        BitsPerComponent: 8,
      }),
    );
    const name = page.node.newXObject('Scan', image);
    page.pushOperators(pushGraphicsState(), concatTransformationMatrix(500, 0, 0, 500, 48, 250), drawObject(name), popGraphicsState());
  }
  const bytes = await doc.save({ useObjectStreams: false });
  const handle = await open(file, 'w');
  await handle.write(bytes);
  await handle.close();
  return { pages, bytes: bytes.length };
}
