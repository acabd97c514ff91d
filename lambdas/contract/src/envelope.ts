import * as z from 'zod';

/**
 * One response shape for every call (SPEC §7: "results are typed success or error").
 * success -> { status: "success", data }, failure -> { status: "error", error: { code, message, fields? } }
 */
export const ERROR_CODES = {
  VALIDATION_FAILED: 400,
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  MFA_ENROLMENT_REQUIRED: 403,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  TOO_MANY_REQUESTS: 429,
  INTERNAL: 500,
  NOT_IMPLEMENTED: 501,
  SERVICE_UNAVAILABLE: 503,
} as const;
export type ErrorCode = keyof typeof ERROR_CODES;

export const fieldErrorSchema = z.lazy(() => z.object({ path: z.string(), message: z.string() }));
export type FieldError = z.infer<typeof fieldErrorSchema>;

export const errorBodySchema = z.lazy(() =>
  z.object({
    status: z.literal('error'),
    error: z.object({
      code: z.string(),
      message: z.string(),
      fields: z.array(fieldErrorSchema).optional(),
    }),
  }),
);
export type ErrorBody = z.infer<typeof errorBodySchema>;

export const successBodySchema = <T extends z.ZodType>(data: T) =>
  z.object({ status: z.literal('success'), data });

export interface SuccessBody<T> {
  status: 'success';
  data: T;
}
export type ApiResponseBody<T> = SuccessBody<T> | ErrorBody;
