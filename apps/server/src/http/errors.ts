import type { ApiErrorBody, ErrorCode } from '@app/shared';

/** An error meant for the client: its detail is shown to users as is. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    readonly detail: string,
    /** seconds after which a retry may succeed (429, 503): sent as Retry-After */
    readonly retryAfterSeconds?: number,
  ) {
    super(detail);
  }

  toBody(): ApiErrorBody {
    return { detail: this.detail, code: this.code };
  }
}

export const badRequest = (detail: string) => new AppError(400, 'bad_request', detail);
export const validationFailed = (detail: string) => new AppError(400, 'validation_failed', detail);
export const unauthorized = (detail = 'Authentication required') => new AppError(401, 'unauthorized', detail);
export const forbidden = (detail = 'You do not have permission to do this') => new AppError(403, 'forbidden', detail);
/** Staff may not decide on their own money: another staff member must. */
export const ownPayout = (detail: string) => new AppError(403, 'own_payout', detail);
export const adminRequired = (detail: string) => new AppError(403, 'admin_required', detail);
export const notFound = (detail = 'Not found') => new AppError(404, 'not_found', detail);
export const conflict = (detail: string) => new AppError(409, 'conflict', detail);
/** The same idempotency key sent again with a different request: never applied, never mistaken for the first. */
export const idempotencyMismatch = (detail = 'This idempotency key was already used for a different request') =>
  new AppError(409, 'idempotency_mismatch', detail);
export const serviceUnavailable = (detail: string, retryAfterSeconds?: number) =>
  new AppError(503, 'service_unavailable', detail, retryAfterSeconds);
export const payloadTooLarge = (detail: string) => new AppError(413, 'payload_too_large', detail);
export const uploadStalled = (detail: string) => new AppError(408, 'upload_stalled', detail);
export const unsupportedMediaType = (detail: string) => new AppError(415, 'unsupported_media_type', detail);
export const tooManyRequests = (detail = 'Too many requests, please slow down', retryAfterSeconds?: number) =>
  new AppError(429, 'rate_limited', detail, retryAfterSeconds);
export const insufficientFunds = (detail = 'Insufficient token balance') =>
  new AppError(400, 'insufficient_funds', detail);
/** A mailed link whose token is unknown, used, or meant for something else: nothing says which. */
export const tokenInvalid = (detail = 'This link is not valid or was already used. Please ask for a new one.') =>
  new AppError(400, 'token_invalid', detail);
export const tokenExpired = (detail = 'This link has expired. Please ask for a new one.') =>
  new AppError(400, 'token_expired', detail);
/** The current password given to confirm a change is wrong (403: the caller is signed in, just not confirmed). */
export const wrongPassword = (detail = 'The password is not correct') => new AppError(403, 'wrong_password', detail);
export const emailTaken = (detail = 'Another account already uses this email address') =>
  new AppError(409, 'email_taken', detail);
