import { createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Multipart } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { AppError, badRequest } from '../../platform/errors.ts';

export interface Upload {
  fields: Record<string, string>;
  /** The received file, in a private temp folder that dispose() removes. */
  path: string;
  dir: string;
  name: string;
  mimeType: string;
  size: number;
  dispose(): Promise<void>;
}

/** Reads a multipart form with one file (field "file") into a temp folder, under the size limit. */
export async function receiveUpload(request: FastifyRequest, maxMb: number): Promise<Upload> {
  if (!request.isMultipart()) throw badRequest('Send the form as multipart/form-data with the file in the field "file".');
  const dir = await mkdtemp(path.join(tmpdir(), 'hangar-multidocs-'));
  const dispose = () => rm(dir, { recursive: true, force: true });
  try {
    const fields: Record<string, string> = {};
    let file: { path: string; name: string; mimeType: string; size: number } | null = null;
    for await (const part of request.parts({
      limits: { fileSize: maxMb * 1024 * 1024, files: 2, fields: 10 },
    }) as AsyncIterable<Multipart>) {
      if (part.type === 'field') {
        fields[part.fieldname] = String(part.value ?? '');
        continue;
      }
      if (file || part.fieldname !== 'file') {
        part.file.resume();
        throw badRequest('Send one file, in the field "file".');
      }
      const target = path.join(dir, 'upload');
      await pipeline(part.file, createWriteStream(target));
      if ((part.file as { truncated?: boolean }).truncated) {
        throw new AppError('PAYLOAD_TOO_LARGE', `The file is larger than ${maxMb} MB: split or compress it.`);
      }
      const name = (part.filename || 'file').replace(/[/\\\0]/g, '_').slice(0, 200);
      file = { path: target, name, mimeType: part.mimetype ?? '', size: (await stat(target)).size };
    }
    if (!file) throw badRequest('Attach the file in the field "file".');
    if (file.size === 0) throw badRequest(`The file ${file.name} is empty (0 bytes).`);
    return { fields, dir, ...file, dispose };
  } catch (err) {
    await dispose();
    throw err;
  }
}
