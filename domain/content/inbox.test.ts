import { beforeEach, describe, expect, it } from 'vitest';
import { createMemoryStorage } from '#adapters/storage/memory/memory-store.ts';
import { messages } from '../messages.ts';
import { createWorld, type World } from '../testing/world.ts';
import { listContactMessages, listSubscribers, MAX_CONTACT_MESSAGE_LENGTH, sendContactMessage, subscribeToNewsletter } from './inbox.ts';

let world: World;
beforeEach(() => {
  world = createWorld(createMemoryStorage().repositories);
});

describe('subscribeToNewsletter', () => {
  it('stores the normalised e-mail', async () => {
    const result = await subscribeToNewsletter(world.deps, { email: '  Fan@Example.com ' });
    expect(result).toEqual({ ok: true, value: { email: 'fan@example.com', createdAt: world.clock.now() } });
    expect((await world.store.inbox.listSubscribers({ limit: 100 })).items).toHaveLength(1);
  });

  it('is idempotent per e-mail: a second subscription keeps the first', async () => {
    const first = await subscribeToNewsletter(world.deps, { email: 'fan@example.com' });
    world.clock.advance(86_400_000);
    const second = await subscribeToNewsletter(world.deps, { email: 'FAN@example.com' });
    expect(second).toEqual(first);
    expect((await world.store.inbox.listSubscribers({ limit: 100 })).items).toHaveLength(1);
  });

  it.each([
    ['', messages.emailRequired],
    ['not-an-email', messages.emailInvalid],
  ])('refuses %j and stores nothing', async (email, message) => {
    expect(await subscribeToNewsletter(world.deps, { email })).toEqual({
      ok: false,
      error: { code: 'VALIDATION_FAILED', fields: { email: message } },
    });
    expect((await world.store.inbox.listSubscribers({ limit: 100 })).items).toEqual([]);
  });
});

describe('sendContactMessage', () => {
  const valid = { name: ' Lin ', email: 'Lin@Example.com', message: '  Do you ship to Norway?  ' };

  it('stores a trimmed message with a normalised e-mail', async () => {
    const result = await sendContactMessage(world.deps, valid);
    expect(result).toMatchObject({ ok: true, value: { name: 'Lin', email: 'lin@example.com', message: 'Do you ship to Norway?' } });
    expect((await world.store.inbox.listContactMessages({ limit: 100 })).items).toHaveLength(1);
  });

  it.each<[string, Partial<typeof valid>, Record<string, string>]>([
    ['no name', { name: ' ' }, { name: messages.nameRequired }],
    ['no e-mail', { email: '' }, { email: messages.emailRequired }],
    ['a bad e-mail', { email: 'lin@' }, { email: messages.emailInvalid }],
    ['an empty message', { message: '   ' }, { message: messages.messageRequired }],
    ['an overlong message', { message: 'm'.repeat(MAX_CONTACT_MESSAGE_LENGTH + 1) }, { message: messages.tooLong(MAX_CONTACT_MESSAGE_LENGTH) }],
  ])('refuses %s and stores nothing', async (_case, change, fields) => {
    const result = await sendContactMessage(world.deps, { ...valid, ...change });
    expect(result).toEqual({ ok: false, error: { code: 'VALIDATION_FAILED', fields } });
    expect((await world.store.inbox.listContactMessages({ limit: 100 })).items).toEqual([]);
  });

  it('accepts a message of exactly the maximum length', async () => {
    expect((await sendContactMessage(world.deps, { ...valid, message: 'm'.repeat(MAX_CONTACT_MESSAGE_LENGTH) })).ok).toBe(true);
  });
});

// The role is the use case's own check: an entry point without the HTTP middleware (a CLI, a worker) cannot skip it.
describe('the inbox lists, for admins only', () => {
  it('refuses a customer the contact messages and the subscribers, and pages them for an admin', async () => {
    await subscribeToNewsletter(world.deps, { email: 'fan@example.com' });
    await sendContactMessage(world.deps, { name: 'Ada', email: 'ada@example.com', message: 'Do you ship to Leeds?' });
    const customer = await world.addUser();
    const admin = await world.addUser({ role: 'admin' });
    expect(await listContactMessages(world.deps, { actor: customer })).toEqual({ ok: false, error: { code: 'FORBIDDEN' } });
    expect(await listSubscribers(world.deps, { actor: customer })).toEqual({ ok: false, error: { code: 'FORBIDDEN' } });
    expect(await listContactMessages(world.deps, { actor: admin, limit: 10 })).toMatchObject({ ok: true, value: { items: [{ email: 'ada@example.com' }], nextCursor: null } });
    expect(await listSubscribers(world.deps, { actor: admin })).toMatchObject({ ok: true, value: { items: [{ email: 'fan@example.com' }], nextCursor: null } });
  });
});
