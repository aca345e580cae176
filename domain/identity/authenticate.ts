import type { TokenService } from './token-service.ts';
import type { User } from './user.ts';
import type { UserRepository } from './user-repository.ts';

export type AuthenticatePorts = { store: { users: Pick<UserRepository, 'findById'> }; tokens: Pick<TokenService, 'verify'> };
export type SignOutPorts = { store: { users: Pick<UserRepository, 'bumpSessionVersion'> } };

/**
 * A token is good only while its user exists and its session version is current: sign-out,
 * password reset, role change and deletion all end older sessions on the next request.
 */
export const authenticate = async (
  { store, tokens }: AuthenticatePorts,
  token: string,
): Promise<User | null> => {
  const claims = await tokens.verify(token);
  if (!claims) return null;
  const user = await store.users.findById(claims.userId);
  return user && user.sessionVersion === claims.sessionVersion ? user : null;
};

/** Issues a token for the user's current session version. */
export const issueSession = (tokens: TokenService, user: User): Promise<string> =>
  tokens.issue({ userId: user.id, sessionVersion: user.sessionVersion });

/** Ends every session of the user (the sign-out button ends them all: tokens are stateless). */
export const signOut = async ({ store }: SignOutPorts, user: User): Promise<void> => {
  await store.users.bumpSessionVersion(user.id);
};
