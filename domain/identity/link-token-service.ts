import type { Result } from '../shared/result.ts';

/**
 * Signed, expiring tokens for e-mailed links. They need no table: a reset token carries the
 * session version it was issued for, so the reset (which bumps the version) spends it.
 */
export type LinkPurpose = 'verify-email' | 'reset-password';

export interface LinkClaims {
  purpose: LinkPurpose;
  userId: string;
  /** The user's session version when the link was sent. */
  version: number;
}

/** The link's claims, or why it cannot be used: only a genuine link of ours can be `expired`. */
export type LinkCheck = Result<LinkClaims, 'expired' | 'invalid'>;

export interface LinkTokenService {
  issue(claims: LinkClaims, ttlSeconds: number): Promise<string>;
  verify(token: string, purpose: LinkPurpose): Promise<LinkCheck>;
}

export const VERIFY_EMAIL_TTL_SECONDS = 7 * 24 * 3600;
export const RESET_PASSWORD_TTL_SECONDS = 3600;
