import { z } from 'zod';

/** Stable error codes: clients may branch on them; messages are for people. */
export const ERROR_CODES = [
  'BAD_REQUEST',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'INSUFFICIENT_CREDIT',
  'NOT_FOUND',
  'CONFLICT',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'RATE_LIMITED',
  'UNAVAILABLE',
  'INTERNAL',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export const ErrorBody = z.object({
  error: z.object({
    code: z.enum(ERROR_CODES),
    message: z.string(),
    requestId: z.string(),
    /** Field-level problems of a 400, when the input failed validation. */
    issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  }),
  /** The same text as error.message: the spec's clients read `detail` and `message`. */
  detail: z.string(),
  message: z.string(),
});
export type ErrorBody = z.infer<typeof ErrorBody>;
