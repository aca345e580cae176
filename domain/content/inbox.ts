import { forbidden, invalid, notFound, type ErrorOf } from '../shared/errors.ts';
import { isAdmin, type User } from '../identity/user.ts';
import type { Clock, IdGenerator } from '../shared/clock.ts';
import { fail, ok, type Result } from '../shared/result.ts';
import { pageRequest, type Page } from '../shared/page.ts';
import { messages } from '../messages.ts';
import { emailProblem, nameProblem } from '../identity/credentials-rules.ts';
import { normalizeEmail } from '../identity/user.ts';
import type { InboxRepository } from './content-repository.ts';
import type { ContactMessage, Subscriber } from './review.ts';

export type SubscribeToNewsletterPorts = { store: { inbox: Pick<InboxRepository, 'subscribe'> }; clock: Clock };
export type SendContactMessagePorts = { store: { inbox: Pick<InboxRepository, 'addContactMessage'> }; clock: Clock; ids: IdGenerator };
export type MarkContactMessagePorts = { store: { inbox: Pick<InboxRepository, 'setContactMessageReadAt'> }; clock: Clock };
export type ListContactMessagesPorts = { store: { inbox: Pick<InboxRepository, 'listContactMessages'> } };
export type ListSubscribersPorts = { store: { inbox: Pick<InboxRepository, 'listSubscribers'> } };

export const MAX_CONTACT_MESSAGE_LENGTH = 5000;

/** Subscribing twice is fine and keeps the first subscription. */
export const subscribeToNewsletter = async (
  { store, clock }: SubscribeToNewsletterPorts,
  input: { email: string },
): Promise<Result<Subscriber, ErrorOf<'VALIDATION_FAILED'>>> => {
  const problem = emailProblem(input.email);
  if (problem) return fail(invalid({ email: problem }));
  return ok(await store.inbox.subscribe({ email: normalizeEmail(input.email), createdAt: clock.now() }));
};

export const sendContactMessage = async (
  { store, clock, ids }: SendContactMessagePorts,
  input: { name: string; email: string; message: string },
): Promise<Result<ContactMessage, ErrorOf<'VALIDATION_FAILED'>>> => {
  const fields: Record<string, string> = {};
  const nameIssue = nameProblem(input.name);
  const emailIssue = emailProblem(input.email);
  const message = input.message.trim();
  if (nameIssue) fields.name = nameIssue;
  if (emailIssue) fields.email = emailIssue;
  if (message === '') fields.message = messages.messageRequired;
  else if (message.length > MAX_CONTACT_MESSAGE_LENGTH) fields.message = messages.tooLong(MAX_CONTACT_MESSAGE_LENGTH);
  if (Object.keys(fields).length > 0) return fail(invalid(fields));
  return ok(
    await store.inbox.addContactMessage({
      id: ids.newId(),
      name: input.name.trim(),
      email: normalizeEmail(input.email),
      message,
      createdAt: clock.now(),
      readAt: null,
    }),
  );
};

/** An admin marks a contact message read once answered, or unread to come back to it. */
export const markContactMessage = async (
  { store, clock }: MarkContactMessagePorts,
  { actor, id, read }: { actor: User; id: string; read: boolean },
): Promise<Result<ContactMessage, ErrorOf<'FORBIDDEN' | 'NOT_FOUND'>>> => {
  if (!isAdmin(actor)) return fail(forbidden());
  const marked = await store.inbox.setContactMessageReadAt(id, read ? clock.now() : null);
  return marked ? ok(marked) : fail(notFound('message'));
};

type PageQuery = { limit?: number | undefined; cursor?: string | null | undefined };

/** Admins only: one page of the contact messages, newest first. The role is checked here, for every entry point. */
export const listContactMessages = async (
  { store }: ListContactMessagesPorts,
  { actor, ...query }: PageQuery & { actor: User },
): Promise<Result<Page<ContactMessage>, ErrorOf<'FORBIDDEN'>>> => {
  if (!isAdmin(actor)) return fail(forbidden());
  return ok(await store.inbox.listContactMessages(pageRequest(query)));
};

/** Admins only: one page of the newsletter's subscribers (their addresses), newest first. */
export const listSubscribers = async (
  { store }: ListSubscribersPorts,
  { actor, ...query }: PageQuery & { actor: User },
): Promise<Result<Page<Subscriber>, ErrorOf<'FORBIDDEN'>>> => {
  if (!isAdmin(actor)) return fail(forbidden());
  return ok(await store.inbox.listSubscribers(pageRequest(query)));
};
