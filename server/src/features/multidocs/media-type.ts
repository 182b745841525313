import { open } from 'node:fs/promises';
import { AppError } from '../../platform/errors.ts';

/**
 * The real type of an image, audio or video upload, from its first bytes (issue item 10): the MIME
 * type the client sent is never stored, since the stored type is the one the file is served with.
 * Content that is not what its kind allows (an html page named .png, say) is refused with a 415.
 */

/** Enough for every signature below (a Matroska header names its doctype within its first bytes). */
const HEAD_BYTES = 4096;

interface Sniffed {
  /** Images are read by OCR; recordings (audio, or video with sound) are transcribed. */
  family: 'image' | 'recording';
  /** The stored MIME type. */
  type: string;
  /** For a container that holds sound alone as well as video (mp4, webm, mkv, ogg): the type when uploaded as audio. */
  audioType?: string;
  /** What the content is, said to people. */
  label: string;
}

const image = (type: string, label: string): Sniffed => ({ family: 'image', type, label });
const recording = (type: string, label: string, audioType?: string): Sniffed => ({ family: 'recording', type, label, audioType });

const ascii = (head: Buffer, at: number, text: string) => head.subarray(at, at + text.length).toString('latin1') === text;
const bytes = (head: Buffer, at: number, list: number[]) => list.every((b, i) => head[at + i] === b);

/** ISO base media (mp4, m4a, mov, 3gp): the ftyp box's major brand says which. */
function isoMedia(head: Buffer): Sniffed | null {
  if (!ascii(head, 4, 'ftyp')) return null;
  const brand = head.subarray(8, 12).toString('latin1');
  if (/^M4[ABP] $/.test(brand)) return recording('audio/mp4', 'an m4a recording');
  if (brand === 'qt  ') return recording('video/quicktime', 'a QuickTime video');
  if (brand.startsWith('3g')) return recording('video/3gpp', 'a 3GP video', 'audio/3gpp');
  // Still images in the same box format (HEIC, AVIF), which the OCR does not read.
  if (/^(heic|heix|mif1|msf1|avif)$/.test(brand)) return null;
  return recording('video/mp4', 'an mp4 video', 'audio/mp4');
}

/** Matroska and WebM share the EBML header; its DocType says which. */
function matroska(head: Buffer): Sniffed | null {
  if (!bytes(head, 0, [0x1a, 0x45, 0xdf, 0xa3])) return null;
  return head.includes('webm', 0, 'latin1')
    ? recording('video/webm', 'a WebM video', 'audio/webm')
    : recording('video/x-matroska', 'a Matroska video', 'audio/x-matroska');
}

/** MPEG audio: an ID3 tag, or a frame header (11 sync bits, then a layer; ADTS AAC has layer 00). */
function mpegAudio(head: Buffer): Sniffed | null {
  if (ascii(head, 0, 'ID3')) return recording('audio/mpeg', 'an mp3 recording');
  const second = head[1];
  if (head[0] !== 0xff || second === undefined || (second & 0xe0) !== 0xe0) return null;
  if ((second & 0xf6) === 0xf0) return recording('audio/aac', 'an AAC recording');
  // A layer (bits 2-1 not 00) and an MPEG version that exists (bits 4-3 not 01).
  if ((second & 0x06) !== 0 && (second & 0x18) !== 0x08) return recording('audio/mpeg', 'an mp3 recording');
  return null;
}

/** What the first bytes are, among the images, recordings and videos Multi Docs reads; null when none. */
export function sniffMedia(head: Buffer): Sniffed | null {
  if (bytes(head, 0, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return image('image/png', 'a png image');
  if (bytes(head, 0, [0xff, 0xd8, 0xff])) return image('image/jpeg', 'a jpeg image');
  if (ascii(head, 0, 'GIF87a') || ascii(head, 0, 'GIF89a')) return image('image/gif', 'a gif image');
  if (ascii(head, 0, 'II*\0') || ascii(head, 0, 'MM\0*')) return image('image/tiff', 'a tiff image');
  // "BM", the file's size, then two reserved words that are always zero.
  if (ascii(head, 0, 'BM') && head.length >= 14 && head.readUInt32LE(6) === 0) return image('image/bmp', 'a bmp image');
  if (ascii(head, 0, 'RIFF')) {
    if (ascii(head, 8, 'WEBP')) return image('image/webp', 'a webp image');
    if (ascii(head, 8, 'WAVE')) return recording('audio/wav', 'a wav recording');
    if (ascii(head, 8, 'AVI ')) return recording('video/x-msvideo', 'an AVI video');
  }
  if (ascii(head, 0, 'fLaC')) return recording('audio/flac', 'a flac recording');
  if (ascii(head, 0, 'OggS')) return recording('video/ogg', 'an ogg recording', 'audio/ogg');
  // MPEG program stream (.mpeg, .mpg): a pack or a sequence header.
  if (bytes(head, 0, [0x00, 0x00, 0x01]) && (head[3] === 0xba || head[3] === 0xb3)) return recording('video/mpeg', 'an MPEG video');
  return isoMedia(head) ?? matroska(head) ?? mpegAudio(head);
}

/** What unrecognised content looks like, for the refusal's message. */
function describe(head: Buffer): string {
  const start = head.subarray(0, 512).toString('latin1').trimStart().toLowerCase();
  if (start.startsWith('<!doctype html') || start.startsWith('<html') || /<(head|body|script)[\s>]/.test(start)) return 'a web page (html)';
  if (start.startsWith('<?xml') || start.startsWith('<svg')) return 'an xml or svg document';
  if (start.startsWith('%pdf-')) return 'a pdf document';
  if (bytes(head, 0, [0x50, 0x4b, 0x03, 0x04])) return 'a zip archive';
  const text = head.subarray(0, 512);
  if (text.length && text.every((b) => b === 0x09 || b === 0x0a || b === 0x0d || (b >= 0x20 && b !== 0x7f))) return 'text';
  return 'not a format that can be read';
}

const ACCEPTED = {
  image: ['an image', 'a png, jpeg, gif, webp, tiff or bmp image'],
  audio: ['a recording', 'a wav, mp3, aac, ogg, flac or m4a recording, or a video with sound'],
  video: ['a video', 'an mp4, mov, webm, mkv, avi or mpeg video'],
} as const;

/**
 * The MIME type to store for an image, audio or video upload, read from the file's first bytes;
 * a 415 when the content is not of the kind its name or type claimed. A recording may come as
 * audio or video alike (both are transcribed); an image must be an image.
 */
export async function mediaContentType(file: string, name: string, kind: 'image' | 'audio' | 'video'): Promise<string> {
  const handle = await open(file, 'r');
  let head: Buffer;
  try {
    const buffer = Buffer.alloc(HEAD_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, HEAD_BYTES, 0);
    head = buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
  const sniffed = sniffMedia(head);
  if (sniffed && sniffed.family === (kind === 'image' ? 'image' : 'recording'))
    return kind === 'audio' ? (sniffed.audioType ?? sniffed.type) : sniffed.type;
  const [what, accepted] = ACCEPTED[kind];
  throw new AppError(
    'UNSUPPORTED_MEDIA_TYPE',
    `${name} cannot be read as ${what}: its content is ${sniffed ? sniffed.label : describe(head)}. Attach ${accepted}.`,
  );
}
