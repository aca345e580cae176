import type { Result } from '../shared/result.ts';

/**
 * The Google sign-in port (docs/decisions/014), apart from the use case in google-sign-in.ts:
 * ports.ts declares it and the use case takes `Ports`, so one file holding both made an import
 * cycle (domain/README.md, "No import cycles").
 */

/** What we accept from a verified Google ID token. */
export interface GoogleIdentity {
  email: string;
  emailVerified: boolean;
  name: string | null;
}

/** Google's sign-in (OpenID Connect with PKCE): null when it is not configured. */
export interface GoogleSignIn {
  /**
   * Builds the authorization URL; the caller keeps `state`, `nonce`, `codeVerifier` (e.g. in a
   * short-lived signed HttpOnly cookie), returns the user to `url`, and on the callback compares
   * the returned `state` with the kept one before calling `finish`. Rejects only when the
   * issuer's discovery document cannot be read.
   */
  start(): Promise<{ url: string; state: string; nonce: string; codeVerifier: string }>;
  /**
   * Exchanges the code (with the code verifier), verifies the ID token and returns the identity.
   * Never throws: any failure is a reason for the logs (not for the user).
   */
  finish(input: { code: string; codeVerifier: string; nonce: string }): Promise<Result<GoogleIdentity, string>>;
}
