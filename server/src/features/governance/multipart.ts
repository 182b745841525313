import type { Multipart, MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { badRequest } from '../../platform/errors.ts';

/**
 * Walks a multipart body in order: fields are collected, each file is handed over as a stream
 * together with the fields seen so far (so a file's type and version travel just before it).
 */
export async function eachPart(
  request: FastifyRequest,
  onFile: (file: MultipartFile, fields: Record<string, string>) => Promise<void>,
): Promise<Record<string, string>> {
  if (!request.isMultipart()) throw badRequest('Send the form as multipart/form-data.');
  const fields: Record<string, string> = {};
  for await (const part of request.parts() as AsyncIterable<Multipart>) {
    if (part.type === 'field') {
      fields[part.fieldname] = String(part.value ?? '');
      continue;
    }
    try {
      await onFile(part, { ...fields });
    } finally {
      // Whatever happened, the rest of this file must be read off the wire for the next part to arrive.
      if (!part.file.readableEnded) part.file.resume();
    }
  }
  return fields;
}

/** Fields of a multipart form without files, or a JSON body. */
export async function formFields(request: FastifyRequest): Promise<Record<string, string>> {
  if (!request.isMultipart()) {
    const body = request.body;
    if (body && typeof body === 'object') return Object.fromEntries(Object.entries(body).map(([k, v]) => [k, String(v)]));
    throw badRequest('Send the form as multipart/form-data.');
  }
  return eachPart(request, async () => {
    throw badRequest('This form takes no file.');
  });
}
