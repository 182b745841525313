import { PassThrough, type Readable } from 'node:stream';
import { AppError, badRequest } from '../../platform/errors.ts';
import { extensionOf } from './pipeline.ts';

/**
 * The extension says what a file claims to be; its first bytes say what it is. Uploads whose
 * content does not match are refused with a 415 before anything is stored or parsed.
 */
const HEAD_BYTES = 4096;

const EXECUTABLES: [string, Buffer][] = [
  ['a Windows program', Buffer.from('MZ')],
  ['a Linux program', Buffer.from([0x7f, 0x45, 0x4c, 0x46])],
  ['a macOS program', Buffer.from([0xcf, 0xfa, 0xed, 0xfe])],
  ['a macOS program', Buffer.from([0xfe, 0xed, 0xfa, 0xce])],
  ['a Java or macOS program', Buffer.from([0xca, 0xfe, 0xba, 0xbe])],
];
const ARCHIVES: [string, Buffer][] = [
  ['a zip archive or Office file', Buffer.from([0x50, 0x4b, 0x03, 0x04])],
  ['a PDF', Buffer.from('%PDF')],
  ['a gzip archive', Buffer.from([0x1f, 0x8b])],
  ['an old Office (OLE) file', Buffer.from([0xd0, 0xcf, 0x11, 0xe0])],
  ['a 7-Zip archive', Buffer.from([0x37, 0x7a, 0xbc, 0xaf])],
  ['a RAR archive', Buffer.from('Rar!')],
];
const ZIP = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const OLE = Buffer.from([0xd0, 0xcf, 0x11, 0xe0]);

const kindOf = (head: Buffer, table: [string, Buffer][]) => table.find(([, magic]) => head.subarray(0, magic.length).equals(magic))?.[0];

/** Share of bytes that no text file has (controls other than tab, newlines, form feed; NUL counts). */
function binaryShare(head: Buffer): number {
  if (!head.length) return 0;
  let odd = 0;
  for (const b of head) if (b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d && b !== 0x0c) odd++;
  return odd / head.length;
}

/** The reason a file's first bytes do not fit its extension, or null when they do. */
export function contentMismatch(fileName: string, head: Buffer): string | null {
  const extension = extensionOf(fileName);
  const program = kindOf(head, EXECUTABLES);
  if (program) return `${fileName} is ${program}, not a .${extension} file. Programs are never accepted.`;
  switch (extension) {
    case 'csv':
    case 'txt': {
      const other = kindOf(head, ARCHIVES);
      if (other) return `${fileName} is ${other}, not CSV text. Save the data as CSV (or upload the .xlsx as it is), then upload again.`;
      // A stray NUL in text is reported with its line by the checks; mostly control bytes is binary.
      if (binaryShare(head) > 0.1)
        return `${fileName} is binary data, not CSV text. Save the data as CSV UTF-8 or .xlsx, then upload again.`;
      return null;
    }
    case 'xlsx':
    case 'xlsm':
    case 'docx':
    case 'pptx':
      if (head.length === 0) return `${fileName} is empty.`;
      return head.subarray(0, 4).equals(ZIP)
        ? null
        : `${fileName} is not an Office .${extension} file (those are zip packages): open it in Excel or Office, save it as .${extension}, then upload again.`;
    case 'xls':
      return head.length === 0 || head.subarray(0, 4).equals(OLE) || head.subarray(0, 4).equals(ZIP) || binaryShare(head) < 0.1
        ? null
        : `${fileName} is not an Excel workbook: save it as .xlsx, then upload again.`;
    case 'pdf':
      return head.subarray(0, 1024).includes('%PDF') ? null : `${fileName} is not a PDF document.`;
    default:
      return null;
  }
}

/** Reads up to `size` bytes without consuming them from the caller's point of view. */
async function readHead(stream: Readable, size: number): Promise<{ head: Buffer; ended: boolean }> {
  const parts: Buffer[] = [];
  let length = 0;
  let ended = false;
  const onEnd = () => {
    ended = true;
  };
  stream.once('end', onEnd);
  try {
    while (length < size && !ended) {
      const chunk = stream.read() as Buffer | null;
      if (chunk) {
        parts.push(chunk);
        length += chunk.length;
        continue;
      }
      // A stream that failed before it was read (a cut-off multipart body) would otherwise pipe nothing, forever.
      if (stream.errored) throw stream.errored;
      if (stream.readableEnded || stream.destroyed) break;
      await new Promise<void>((resolve, reject) => {
        const done = () => {
          stream.off('readable', done);
          stream.off('end', done);
          stream.off('error', fail);
          resolve();
        };
        const fail = (err: Error) => {
          stream.off('readable', done);
          stream.off('end', done);
          reject(err);
        };
        stream.once('readable', done);
        stream.once('end', done);
        stream.once('error', fail);
      });
    }
  } finally {
    stream.off('end', onEnd);
  }
  return { head: Buffer.concat(parts), ended: ended || stream.readableEnded };
}

/**
 * Checks an upload's first bytes against its extension (415 when they do not match) and hands
 * back a stream of the whole file; `truncated` still tells whether the size limit cut it.
 */
export async function sniffedStream(
  fileName: string,
  stream: Readable & { truncated?: boolean },
): Promise<Readable & { truncated?: boolean }> {
  const { head, ended } = await readHead(stream, HEAD_BYTES);
  // Failed while its first bytes were read (a cut-off multipart body): piping it would never end.
  if (stream.errored) throw stream.errored;
  if (stream.destroyed && !ended) throw badRequest('The upload was cut off before its end: send the file again.');
  const mismatch = contentMismatch(fileName, head);
  if (mismatch) throw new AppError('UNSUPPORTED_MEDIA_TYPE', mismatch);
  const out = new PassThrough();
  Object.defineProperty(out, 'truncated', { get: () => stream.truncated });
  out.write(head);
  if (ended) out.end();
  else {
    stream.on('error', (err) => out.destroy(err));
    stream.pipe(out);
  }
  return out as PassThrough & { truncated?: boolean };
}
