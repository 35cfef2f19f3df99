import { issueError, type ApiErrorBody, type ErrorCode, type ErrorParams, type IssueLike } from '@app/shared';

/** What makes an error specific: a code of its own instead of the status's, the field, the values it names. */
export interface ErrorSpecifics {
  code?: ErrorCode;
  field?: string;
  params?: ErrorParams;
  /** seconds after which a retry may succeed (429, 503): sent as Retry-After */
  retryAfterSeconds?: number;
}

/** An error meant for the client: it translates `code`, and shows `detail` when it cannot. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly field: string | undefined;
  readonly params: ErrorParams | undefined;
  readonly retryAfterSeconds: number | undefined;

  constructor(
    readonly statusCode: number,
    code: ErrorCode,
    readonly detail: string,
    specifics: ErrorSpecifics = {},
  ) {
    super(detail);
    this.code = specifics.code ?? code;
    this.field = specifics.field;
    this.params = specifics.params;
    this.retryAfterSeconds = specifics.retryAfterSeconds;
  }

  toBody(): ApiErrorBody {
    return {
      detail: this.detail,
      code: this.code,
      ...(this.field !== undefined ? { field: this.field } : {}),
      ...(this.params !== undefined ? { params: this.params } : {}),
    };
  }
}

type Specifics = Omit<ErrorSpecifics, 'retryAfterSeconds'>;

export const badRequest = (detail: string, specifics?: Specifics) =>
  new AppError(400, 'bad_request', detail, specifics);
export const validationFailed = (detail: string, specifics?: Specifics) =>
  new AppError(400, 'validation_failed', detail, specifics);
/** A zod issue as a 400 with its code, field and bounds (see issueError). */
export const invalidInput = (issue: IssueLike | undefined, fallback: string) => {
  if (!issue) return validationFailed(fallback);
  const { code, detail, field, params } = issueError(issue);
  return new AppError(400, code, detail, { field, params });
};
export const unauthorized = (detail = 'Authentication required', specifics?: Specifics) =>
  new AppError(401, 'unauthorized', detail, specifics);
export const forbidden = (detail = 'You do not have permission to do this', specifics?: Specifics) =>
  new AppError(403, 'forbidden', detail, specifics);
/** Staff may not decide on their own money: another staff member must. */
export const ownPayout = (detail: string) => new AppError(403, 'own_payout', detail);
export const adminRequired = (detail: string) => new AppError(403, 'admin_required', detail);
export const notFound = (detail = 'Not found', specifics?: Specifics) =>
  new AppError(404, 'not_found', detail, specifics);
export const conflict = (detail: string, specifics?: Specifics) => new AppError(409, 'conflict', detail, specifics);
/** The same idempotency key sent again with a different request: never applied, never mistaken for the first. */
export const idempotencyMismatch = (detail = 'This idempotency key was already used for a different request') =>
  new AppError(409, 'idempotency_mismatch', detail);
export const serviceUnavailable = (detail: string, retryAfterSeconds?: number, specifics?: Specifics) =>
  new AppError(503, 'service_unavailable', detail, { ...specifics, retryAfterSeconds });
export const payloadTooLarge = (detail: string, specifics?: Specifics) =>
  new AppError(413, 'payload_too_large', detail, specifics);
export const uploadStalled = (detail: string, specifics?: Specifics) =>
  new AppError(408, 'upload_stalled', detail, specifics);
export const unsupportedMediaType = (detail: string, specifics?: Specifics) =>
  new AppError(415, 'unsupported_media_type', detail, specifics);
export const tooManyRequests = (
  detail = 'Too many requests, please slow down',
  retryAfterSeconds?: number,
  specifics?: Specifics,
) => new AppError(429, 'rate_limited', detail, { ...specifics, retryAfterSeconds });
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
