import type { ErrorCode } from '@hangar/contract';
import type { FastifyRequest } from 'fastify';

/** A request to an upload route whose body is a multipart form (only the upload scope has @fastify/multipart: app.ts). */
export const isUploadRequest = (request: FastifyRequest): boolean => (request as { isMultipart?: () => boolean }).isMultipart?.() === true;

const CUT_OFF =
  'The upload ended before the form was complete: the body was cut off or its closing boundary is missing. Send the file again; if it keeps happening, check the connection or the program that builds the form.';

/**
 * busboy's errors are plain Errors without a code, known by their text (@fastify/busboy 3: a missing
 * boundary is thrown when parsing starts, a body that ends inside the form is emitted by its Dicer,
 * on the parser and on the part being read). Left alone they reached the 500 branch.
 */
const BUSBOY: [RegExp, ErrorCode, string][] = [
  [
    /^Multipart: Boundary not found$/,
    'BAD_REQUEST',
    'The upload is not a well-formed multipart form: its Content-Type header gives no boundary. Send the form as multipart/form-data and let the browser or HTTP client write that header rather than setting it by hand.',
  ],
  [/^Unexpected end of multipart data$/, 'BAD_REQUEST', CUT_OFF],
  [/^(Part|Preamble) terminated early due to unexpected end of multipart data$/, 'BAD_REQUEST', CUT_OFF],
];

/** @fastify/multipart's own errors (FST_*), whose texts ("reach files limit") tell a person little. */
const FASTIFY_MULTIPART = new Map<string, [ErrorCode, string]>(
  Object.entries({
    FST_MP_PREMATURE_CLOSE: ['BAD_REQUEST', CUT_OFF],
    FST_PARTS_LIMIT: ['PAYLOAD_TOO_LARGE', 'The form has too many parts (fields and files). Send only what the page asks for.'],
    FST_FILES_LIMIT: ['PAYLOAD_TOO_LARGE', 'The form holds more files than this request takes. Send one file at a time, or fewer files.'],
    FST_FIELDS_LIMIT: ['PAYLOAD_TOO_LARGE', 'The form has too many fields. Send only the fields the page asks for.'],
    FST_REQ_FILE_TOO_LARGE: ['PAYLOAD_TOO_LARGE', 'The file is larger than this request accepts. Send a smaller file.'],
    FST_PROTO_VIOLATION: ['BAD_REQUEST', 'A form field has a reserved name (such as __proto__). Rename the field and send the form again.'],
    FST_INVALID_JSON_FIELD_ERROR: [
      'BAD_REQUEST',
      'A form field declared as JSON is not valid JSON. Check the field, then send the form again.',
    ],
  } satisfies Record<string, [ErrorCode, string]>),
);

/**
 * The answer for an error of the multipart parser on an upload route, or null when the error is
 * not one. Followed through `cause` (a feature may wrap what a stream gave it).
 */
export function multipartError(err: unknown): { code: ErrorCode; message: string } | null {
  for (let e = err as { code?: unknown; message?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 4; depth++) {
    const known = typeof e.code === 'string' ? FASTIFY_MULTIPART.get(e.code) : undefined;
    if (known) return { code: known[0], message: known[1] };
    if (typeof e.message === 'string') {
      const message = e.message;
      const busboy = BUSBOY.find(([pattern]) => pattern.test(message));
      if (busboy) return { code: busboy[1], message: busboy[2] };
    }
    e = e.cause as typeof e;
  }
  return null;
}
