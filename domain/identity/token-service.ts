export interface SessionClaims {
  userId: string;
  sessionVersion: number;
}

/** Issues and verifies signed session tokens; verification failures are simply null. */
export interface TokenService {
  issue(claims: SessionClaims): Promise<string>;
  verify(token: string): Promise<SessionClaims | null>;
}
