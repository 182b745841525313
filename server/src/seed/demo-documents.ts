import { PDFDocument, rgb, StandardFonts } from 'pdf-lib';
import type { AppContext } from '../platform/context.ts';

const GUIDE_PAGES = [
  [
    'Hangar user guide',
    'Welcome to Hangar, the data and AI portal of the group.',
    'This guide explains how to sign in, open applications as tabs and ask for access.',
  ],
  [
    'Applications and tabs',
    'Open an application from the sidebar: it opens as a tab.',
    'Opening it again activates the same tab; closing the active tab shows the first one left.',
  ],
  [
    'Credits and requests',
    'Answers of the assistant cost GenAI credits.',
    'Use Send request at the bottom of the sidebar when you need more.',
  ],
];

export async function makePdf(pages: string[][]): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  pages.forEach(([title, ...lines], i) => {
    const page = pdf.addPage([595, 842]);
    page.drawText(title ?? '', { x: 56, y: 760, size: 24, font: bold, color: rgb(0.1, 0.26, 0.52) });
    lines.forEach((line, j) => {
      page.drawText(line, { x: 56, y: 720 - j * 22, size: 12, font });
    });
    page.drawText(`Page ${i + 1} of ${pages.length}`, { x: 56, y: 40, size: 10, font, color: rgb(0.4, 0.4, 0.4) });
  });
  return Buffer.from(await pdf.save());
}

/** Documents for the /pdf and /download pages: one for everyone, and private ones. */
export async function demoDocuments(ctx: AppContext, userIds: Map<string, string>): Promise<void> {
  await ctx.documents.save({
    body: await makePdf(GUIDE_PAGES),
    fileName: 'Hangar-user-guide.pdf',
    contentType: 'application/pdf',
    ownerId: null,
    visibility: 'everyone',
  });
  await ctx.documents.save({
    body: await makePdf([
      ['Analyst briefing', 'Traffic grew 4.2% year on year in October.', 'Retail spend per passenger is stable.'],
      ['Next steps', 'Review the car-park occupancy dashboard.'],
    ]),
    fileName: 'Analyst-briefing.pdf',
    contentType: 'application/pdf',
    ownerId: userIds.get('analyst@hangar.local') ?? null,
    visibility: 'private',
  });
  await ctx.documents.save({
    body: Buffer.from('month,airline,passengers\n2026-10,TAP,182340\n2026-10,easyJet,96410\n2026-10,Ryanair,88120\n'),
    fileName: 'Traffic-summary-2026-10.csv',
    contentType: 'text/csv',
    ownerId: userIds.get('analyst@hangar.local') ?? null,
    visibility: 'private',
  });
}
