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
  /**
   * A company invitation's join-link token (docs/companies.md, "Companies and members"): derived
   * from the invitation's random id with the server's secret, so it is unguessable, and the mail
   * written later from the outbox carries it while the store keeps only its hash (`hashToken`).
   * How long it works and that it works once are the invitation's own rules.
   */
  invitationToken(invitationId: string): string;
  /** The one-way hash a store keeps of a link token. */
  hashToken(token: string): string;
}

export const VERIFY_EMAIL_TTL_SECONDS = 7 * 24 * 3600;
export const RESET_PASSWORD_TTL_SECONDS = 3600;
