import { mkdir, open, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * An Office file's links to the outside, kept from LibreOffice. A docx, pptx or xlsx names what it
 * loads from elsewhere (a linked image, an attached template, an external workbook, an OLE link) as
 * a relationship with TargetMode="External" in one of its `_rels/*.rels` parts; LibreOffice fetched
 * such an image while laying the document out (a blind SSRF). The copy LibreOffice reads has them
 * removed, the profile it runs with refuses links, and platform/sandbox.ts takes its network away:
 * three layers, each enough alone against the linked image.
 */

/** A relationships part (ECMA-376 part 2, 9.3): `_rels/.rels`, `word/_rels/document.xml.rels`, any depth. */
const RELS_PART = /(?:^|[\\/])_rels[\\/][^\\/]*\.rels$/i;
/** Where a Relationship element starts (not `Relationships`), with any namespace prefix. */
const REL_START = /<([A-Za-z_][\w.-]*:)?Relationship(?=[\s/>])/gi;
/** The whole start tag; quoted values may hold `>`. */
const REL_TAG = /<([A-Za-z_][\w.-]*:)?Relationship((?:\s+[^\s=/>]+\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*(\/?)>/iy;
const ATTRIBUTE = /([^\s=/>]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;
/** A target outside the package even without the mode: a URL, a drive (C:), a UNC or protocol-relative path. */
const OUTSIDE_TARGET = /^\s*(?:[a-z][a-z0-9+.-]*:|[\\/]{2})/i;

/** What the package is, from its main part (as translation/documents/sniff.ts decides), so LibreOffice is told, not left to guess. */
export type PackageKind = 'docx' | 'pptx' | 'xlsx';
const MAIN_PARTS: Record<PackageKind, string> = { docx: 'word/document.xml', pptx: 'ppt/presentation.xml', xlsx: 'xl/workbook.xml' };

const ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

function decodeEntities(value: string): string {
  return value.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, ref: string) => {
    if (ref[0] !== '#') return ENTITIES[ref.toLowerCase()] ?? whole;
    const code = ref[1] === 'x' || ref[1] === 'X' ? Number.parseInt(ref.slice(2), 16) : Number(ref.slice(1));
    return code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}

/** Whether a relationship reaches outside the package: any mode but Internal, or an outside target. */
function pointsOutside(attributes: string): { outside: boolean; target: string } {
  let outside = false;
  let target = '';
  for (const m of attributes.matchAll(ATTRIBUTE)) {
    const name = m[1]!.toLowerCase();
    const value = decodeEntities(m[2] ?? m[3] ?? '').trim();
    if (name === 'targetmode' && value.toLowerCase() !== 'internal') outside = true;
    if (name === 'target') {
      target = value;
      if (OUTSIDE_TARGET.test(value)) outside = true;
    }
  }
  return { outside, target };
}

/**
 * The part without its outside relationships. Read byte for byte (latin1), so an encoding other
 * than UTF-8 keeps its bytes; the markup searched is ASCII. Anything this reader cannot follow
 * (a DTD, which OPC forbids and which could spell "External" through an entity; UTF-16; a
 * Relationship tag it cannot parse) is refused rather than passed on.
 */
function stripPart(name: string, bytes: Buffer, removed: string[]): Buffer | null {
  let xml = bytes.toString('latin1');
  if (xml.startsWith('\xef\xbb\xbf')) xml = xml.slice(3);
  if (!/^\s*</.test(xml)) throw new Error(`${name} is not UTF-8 XML`);
  if (/<!(?:DOCTYPE|ENTITY)/i.test(xml)) throw new Error(`${name} declares a DTD, which Office files never do`);
  let out = '';
  let last = 0;
  let changed = false;
  for (const start of xml.matchAll(REL_START)) {
    if (start.index < last) continue;
    REL_TAG.lastIndex = start.index;
    const tag = REL_TAG.exec(xml);
    if (!tag) throw new Error(`${name} holds a relationship that cannot be read`);
    let end = REL_TAG.lastIndex;
    if (!tag[3]) {
      // <Relationship …>…</Relationship>: up to its end tag.
      const close = new RegExp(`</${(tag[1] ?? '').replace(/\./g, '\\.')}Relationship\\s*>`, 'gi');
      close.lastIndex = end;
      if (!close.exec(xml)) throw new Error(`${name} holds an unclosed relationship`);
      end = close.lastIndex;
    }
    const { outside, target } = pointsOutside(tag[2] ?? '');
    if (!outside) continue;
    removed.push(target);
    out += xml.slice(last, start.index);
    last = end;
    changed = true;
  }
  return changed ? Buffer.from(out + xml.slice(last), 'latin1') : null;
}

/**
 * A docx, pptx or xlsx without its relationships to the outside: every relationship with
 * TargetMode other than Internal (the spec's External) or whose target is a URL or a UNC path,
 * in every `_rels/*.rels` part. Other parts are kept as they are (a deflated part is copied
 * still deflated, neither inflated nor compressed again). The package is always written again, so
 * a zip holding the same part twice (JSZip keeps the last) cannot show LibreOffice a copy this did
 * not clean; parts named alike but for case (OPC names are case-insensitive) are refused. A reference to a removed relationship is left dangling, which
 * LibreOffice lays out as a missing image or a plain-text link.
 */
export async function stripExternalRelationships(
  bytes: Uint8Array,
): Promise<{ bytes: Buffer; removed: string[]; kind: PackageKind | null }> {
  const JSZip = (await import('jszip')).default;
  const zip = await JSZip.loadAsync(bytes);
  const removed: string[] = [];
  const seen = new Set<string>();
  for (const [name, file] of Object.entries(zip.files)) {
    const key = name.replace(/\\/g, '/').toLowerCase();
    if (seen.has(key)) throw new Error(`the package holds ${name} twice`);
    seen.add(key);
    if (file.dir || !RELS_PART.test(name)) continue;
    const stripped = stripPart(name, await file.async('nodebuffer'), removed);
    if (stripped) zip.file(name, stripped);
  }
  const kind = (Object.keys(MAIN_PARTS) as PackageKind[]).find((k) => seen.has(MAIN_PARTS[k])) ?? null;
  return { bytes: await zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' }), removed, kind };
}

/**
 * The copy of `source` that LibreOffice may read, written into `dir` under the same name (so its
 * output keeps the name): an Office Open XML package without its outside relationships; another
 * file (an old binary .xls) as it is, left to the other two layers. The original is not touched.
 */
export async function officeCopyWithoutExternalLinks(
  source: string,
  dir: string,
): Promise<{ path: string; removed: string[]; kind: PackageKind | null }> {
  await mkdir(dir, { recursive: true });
  const target = path.join(dir, path.basename(source));
  const head = Buffer.alloc(4);
  const handle = await open(source, 'r');
  try {
    await handle.read(head, 0, 4, 0);
  } finally {
    await handle.close();
  }
  const isZip = head.readUInt32LE(0) === 0x04034b50;
  if (!isZip) {
    await writeFile(target, await readFile(source));
    return { path: target, removed: [], kind: null };
  }
  const { bytes, removed, kind } = await stripExternalRelationships(await readFile(source));
  await writeFile(target, bytes);
  return { path: target, removed, kind };
}

/**
 * Settings of the throwaway LibreOffice profile, refusing what reaches outside the document
 * (org.openoffice.Office.* in share/registry/main.xcd): images linked from documents outside
 * trusted locations are not loaded (BlockUntrustedRefererLinks, which alone stops the linked-image
 * fetch: checked by external-links.test.ts); Writer links never updated (Link 0: sw UpdateLinks NEVER); Calc
 * external links never updated (Link 1: ScLkUpdMode LM_NEVER) and formulas never recalculated on load, so no
 * WEBSERVICE() call runs; no macros; no update check.
 */
const PROFILE_SETTINGS: [path: string, prop: string, value: string][] = [
  ['/org.openoffice.Office.Common/Security/Scripting', 'BlockUntrustedRefererLinks', 'true'],
  ['/org.openoffice.Office.Common/Security/Scripting', 'MacroSecurityLevel', '3'],
  ['/org.openoffice.Office.Common/Security/Scripting', 'DisableMacrosExecution', 'true'],
  ['/org.openoffice.Office.Writer/Content/Update', 'Link', '0'],
  ['/org.openoffice.Office.Calc/Content/Update', 'Link', '1'],
  ['/org.openoffice.Office.Calc/Formula/Load', 'OOXMLRecalcMode', '1'],
  ['/org.openoffice.Office.Calc/Formula/Load', 'ODFRecalcMode', '1'],
  ["/org.openoffice.Office.Jobs/Jobs/org.openoffice.Office.Jobs:Job['UpdateCheck']/Arguments", 'AutoCheckEnabled', 'false'],
];

/**
 * Writes a fresh LibreOffice profile holding the settings above into `dir` and gives the
 * `-env:UserInstallation=…` argument that makes soffice use it (one profile per run: parallel
 * conversions never share one, and a document cannot change the next one's settings).
 */
export async function lockedDownOfficeProfile(dir: string): Promise<string> {
  const items = PROFILE_SETTINGS.map(
    ([item, prop, value]) => `<item oor:path="${item}"><prop oor:name="${prop}" oor:op="fuse"><value>${value}</value></prop></item>`,
  );
  await mkdir(path.join(dir, 'user'), { recursive: true });
  await writeFile(
    path.join(dir, 'user', 'registrymodifications.xcu'),
    [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<oor:items xmlns:oor="http://openoffice.org/2001/registry" xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">',
      ...items,
      '</oor:items>',
      '',
    ].join('\n'),
  );
  return `-env:UserInstallation=${pathToFileURL(dir).href}`;
}
