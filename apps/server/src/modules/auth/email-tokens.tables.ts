/** What a mailed link does when it is followed. */
export type EmailTokenPurpose = 'verify_email' | 'change_email' | 'reset_password';

export interface EmailTokensTable {
  /** SHA-256 of the token in the link; the token itself is never stored */
  token_hash: string;
  user_id: string;
  purpose: EmailTokenPurpose;
  /** the address the link went to: the one to verify, or the new address of a change */
  email: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}
