import { describe, expect, it } from 'vitest';
import { createMemoryStorage } from '#adapters/storage/memory/memory-store.ts';
import { createWorld } from '../testing/world.ts';
import { prepareAccountMail } from './account-emails.ts';
import { RESET_PASSWORD_TTL_SECONDS, type LinkClaims, type LinkTokenService } from './link-token-service.ts';
import { requestVerificationEmail } from './email-verification.ts';
import { requestPasswordReset } from './password-reset.ts';

const APP_URL = 'https://shop.example.com';

const arrange = async () => {
  const world = createWorld(createMemoryStorage().repositories);
  // Signing is the adapter's job (jwt-link-token-service.ts): here each token says what it was issued for, and when.
  const issued: (LinkClaims & { ttlSeconds: number; at: Date })[] = [];
  const links: LinkTokenService = {
    issue: async (claims, ttlSeconds) => `token-${issued.push({ ...claims, ttlSeconds, at: world.clock.now() })}`,
    verify: async () => ({ ok: false, error: 'invalid' }),
    invitationToken: (id) => `invitation-${id}`,
    hashToken: (token) => `hash-${token}`,
  };
  const write = (kind: 'verify-email' | 'password-reset', userId: string) => prepareAccountMail({ store: world.store, links }, { kind, userId, appUrl: APP_URL });
  const queued = async () =>
    (await world.store.outbox.claimDue(world.clock.now(), new Date(world.clock.now().getTime() + 60_000), 10)).map((mail) => [mail.kind, mail.subjectId]);
  const tokenIn = (link: string, path: string) => {
    expect(link.startsWith(`${APP_URL}${path}?token=`)).toBe(true);
    return new URL(link).searchParams.get('token')!;
  };
  return { world, issued, write, queued, tokenIn };
};

describe('account mails through the mail outbox (docs/email.md, "E-mail")', () => {
  it('queues a reset for an existing account only, and a verification for an unverified one only', async () => {
    const { world, queued } = await arrange();
    const ada = await world.addUser({ email: 'ada@example.com' });
    await requestPasswordReset(world.deps, 'ADA@example.com ');
    await requestPasswordReset(world.deps, 'nobody@example.com');
    world.clock.advance(1); // due oldest first
    await requestVerificationEmail(world.deps, ada); // verified already: nothing
    await requestVerificationEmail(world.deps, { ...ada, emailVerified: false });
    expect(await queued()).toEqual([
      ['password-reset', ada.id],
      ['verify-email', ada.id],
    ]);
  });

  it('signs the link when the mail is written, for the session version then, so a late mail works for its whole lifetime', async () => {
    const { world, issued, write, tokenIn } = await arrange();
    const ada = await world.addUser({ email: 'ada@example.com' });
    await world.store.users.bumpSessionVersion(ada.id); // signed out while the mail waited
    world.clock.advance(2 * 60 * 60_000); // the mail server was down for two hours
    const mail = await write('password-reset', ada.id);
    expect(mail).toMatchObject({ kind: 'password-reset', to: 'ada@example.com' });
    expect(tokenIn(mail!.link, '/resetPassword')).toBe('token-1');
    expect(issued).toEqual([
      { purpose: 'reset-password', userId: ada.id, version: ada.sessionVersion + 1, ttlSeconds: RESET_PASSWORD_TTL_SECONDS, at: world.clock.now() },
    ]);
  });

  it('writes nothing for a user gone, nor a verification for an address verified meanwhile', async () => {
    const { world, write, tokenIn } = await arrange();
    const ada = await world.addUser({ email: 'ada@example.com' });
    expect(await write('verify-email', ada.id)).toBeNull();
    expect(await write('password-reset', 'no-such-user')).toBeNull();
    const grace = await world.store.users.create({ ...ada, id: 'grace', email: 'grace@example.com', emailVerified: false });
    const verification = await write('verify-email', grace!.id);
    expect(verification?.to).toBe('grace@example.com');
    expect(verification?.kind).toBe('verify-email');
    expect(tokenIn(verification!.link, '/verifyEmail')).toBe('token-1');
  });
});
