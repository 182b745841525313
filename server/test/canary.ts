import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import JSZip from 'jszip';

// A canary for blind SSRF: an HTTP server on 127.0.0.1 (a random port) that records every request
// it gets, and a docx whose one image is linked, not embedded (TargetMode="External"), from it.

export interface Canary {
  url: string;
  port: number;
  /** "METHOD /path" of every request received, in order. */
  hits: string[];
  close: () => Promise<void>;
}

export async function startCanary(): Promise<Canary> {
  const hits: string[] = [];
  const server = createServer((req, res) => {
    hits.push(`${req.method} ${req.url}`);
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    hits,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const W = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';
const R = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const REL = 'http://schemas.openxmlformats.org/package/2006/relationships';

/** A drawing showing the image of relationship `rId` (r:link: linked, r:embed: embedded). */
const picture = (rId: string, how: 'link' | 'embed') =>
  '<w:p><w:r><w:drawing><wp:inline xmlns:wp="http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing">' +
  '<wp:extent cx="952500" cy="952500"/><wp:docPr id="1" name="Picture"/>' +
  '<a:graphic xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main"><a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/picture">' +
  '<pic:pic xmlns:pic="http://schemas.openxmlformats.org/drawingml/2006/picture"><pic:nvPicPr><pic:cNvPr id="1" name="canary.png"/><pic:cNvPicPr/></pic:nvPicPr>' +
  `<pic:blipFill><a:blip r:${how}="${rId}"/><a:stretch><a:fillRect/></a:stretch></pic:blipFill>` +
  '<pic:spPr><a:xfrm><a:off x="0" y="0"/><a:ext cx="952500" cy="952500"/></a:xfrm><a:prstGeom prst="rect"><a:avLst/></a:prstGeom></pic:spPr>' +
  '</pic:pic></a:graphicData></a:graphic></wp:inline></w:drawing></w:r></w:p>';

/**
 * A one-paragraph docx with an image linked from `imageUrl` and a hyperlink to it (both
 * TargetMode="External" in word/_rels/document.xml.rels). Converted by a LibreOffice with network
 * and default settings, it sends OPTIONS and GET requests to `imageUrl`.
 */
export async function linkedImageDocx(imageUrl: string): Promise<Buffer> {
  const zip = new JSZip();
  zip.file(
    '[Content_Types].xml',
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
      '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
      '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
      '<Default Extension="xml" ContentType="application/xml"/>' +
      '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>' +
      '</Types>',
  );
  zip.file(
    '_rels/.rels',
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="${REL}">` +
      '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/>' +
      '</Relationships>',
  );
  zip.file(
    'word/document.xml',
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document xmlns:w="${W}" xmlns:r="${R}"><w:body>` +
      '<w:p><w:r><w:t>The quarterly report, with the chart below.</w:t></w:r></w:p>' +
      picture('rIdImage', 'link') +
      '<w:p><w:hyperlink r:id="rIdLink"><w:r><w:t>Source</w:t></w:r></w:hyperlink></w:p>' +
      '</w:body></w:document>',
  );
  zip.file(
    'word/_rels/document.xml.rels',
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="${REL}">` +
      `<Relationship Id="rIdImage" Type="${R}/image" Target="${imageUrl}" TargetMode="External"/>` +
      `<Relationship Id="rIdLink" Type="${R}/hyperlink" Target="${imageUrl}" TargetMode="External"/>` +
      '</Relationships>',
  );
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}
