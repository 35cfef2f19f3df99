/** The one error shape every API response uses: the client shows `detail`. */
export interface ApiErrorBody {
  detail: string;
  code: ErrorCode;
}

export const ErrorCodes = [
  'bad_request',
  'validation_failed',
  'unauthorized',
  'forbidden',
  'not_found',
  'conflict',
  'payload_too_large',
  'upload_stalled',
  'unsupported_media_type',
  'rate_limited',
  'insufficient_funds',
  /** an idempotency key sent again with a different request */
  'idempotency_mismatch',
  /** staff deciding their own payout */
  'own_payout',
  /** a decision only an admin may take */
  'admin_required',
  /** an email link's token that is unknown, already used, or for another purpose */
  'token_invalid',
  /** an email link's token past its lifetime */
  'token_expired',
  /** the current password given to confirm an account change is wrong */
  'wrong_password',
  /** another account already uses this email address */
  'email_taken',
  'service_unavailable',
  /** the server's disk is full: nothing was kept, try again later */
  'insufficient_storage',
  'internal',
] as const;

export type ErrorCode = (typeof ErrorCodes)[number];
