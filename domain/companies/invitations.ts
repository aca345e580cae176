import { auditNote } from '../audit/audit-log.ts';
import { emailProblem, normalizeEmail } from '../identity/credentials-rules.ts';
import type { LinkTokenService } from '../identity/link-token-service.ts';
import { isAdmin, type User } from '../identity/user.ts';
import type { UserRepository } from '../identity/user-repository.ts';
import type { CompanyMailKind } from '../mail/mail-outbox.ts';
import type { Clock, IdGenerator } from '../shared/clock.ts';
import { invalid, notFound, refusal, type ErrorOf } from '../shared/errors.ts';
import { fail, ok, type Result } from '../shared/result.ts';
import { companyCaller, type CompanyAccessError } from './company-access.ts';
import { amountProblem } from './company-rules.ts';
import { monthStartUtc } from './approval.ts';
import { INVITATION_VALID_DAYS, MAX_COMPANY_MEMBERS, type CompanyInvitation, type CompanyRole, type Membership } from './company.ts';
import type { CompanyRepository } from './company-repository.ts';
import { viewOf, type CompanyView, type CompanyViewPorts } from './manage-company.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const INVITATION_MAIL: readonly CompanyMailKind[] = ['company-invitation'];

/** Still waiting at `at`: not accepted, not expired. */
export const isPending = (invitation: Pick<CompanyInvitation, 'acceptedAt' | 'expiresAt'>, at: Date): boolean => invitation.acceptedAt === null && invitation.expiresAt > at;

type InvitationStore = Pick<CompanyRepository, 'membershipOf' | 'find' | 'invitations'>;

/** A manager's list of the invitations still waiting, newest first. */
export const listInvitations = async (
  deps: { store: { companies: InvitationStore }; clock: Clock },
  user: User,
): Promise<Result<CompanyInvitation[], CompanyAccessError>> => {
  const caller = await companyCaller(deps, user, 'manager');
  if (!caller.ok) return caller;
  const now = deps.clock.now();
  return ok((await deps.store.companies.invitations(caller.value.company.id)).filter((invitation) => isPending(invitation, now)));
};

export interface InviteInput {
  email: string;
  role: CompanyRole;
  monthlyLimitCents?: number | null | undefined;
}

export type InvitePorts = {
  store: { companies: InvitationStore & Pick<CompanyRepository, 'createInvitation' | 'members'>; users: Pick<UserRepository, 'findByEmail'> };
  clock: Clock;
  ids: IdGenerator;
  links: Pick<LinkTokenService, 'invitationToken' | 'hashToken'>;
};
export type InviteError = CompanyAccessError | ErrorOf<'VALIDATION_FAILED' | 'ALREADY_INVITED' | 'ALREADY_IN_COMPANY' | 'TOO_MANY_MEMBERS'>;

/**
 * A manager invites an address (docs/companies.md, "Companies and members"): the e-mail with the
 * join link is queued with the invitation; the link works for INVITATION_VALID_DAYS, once, for
 * the invited address only. An address with an invitation waiting, or whose account already
 * belongs to a company, is refused, and so is any once the company's members and pending
 * invitations together reach MAX_COMPANY_MEMBERS: every invitation sent has a seat (acceptance
 * counts the members again, in the step that adds one).
 */
export const inviteMember = async (deps: InvitePorts, user: User, input: InviteInput): Promise<Result<CompanyInvitation, InviteError>> => {
  const caller = await companyCaller(deps, user, 'manager');
  if (!caller.ok) return caller;
  const emailRefused = emailProblem(input.email);
  if (emailRefused) return fail(invalid({ email: emailRefused }));
  const limit = input.monthlyLimitCents ?? null;
  const limitRefused = amountProblem(limit);
  if (limitRefused) return fail(invalid({ monthlyLimitCents: limitRefused }));

  const { company } = caller.value;
  const now = deps.clock.now();
  const email = input.email.trim();
  const key = normalizeEmail(email);
  const waiting = (await deps.store.companies.invitations(company.id)).filter((invitation) => isPending(invitation, now));
  if (waiting.some((invitation) => normalizeEmail(invitation.email) === key)) return fail(refusal('ALREADY_INVITED'));
  const account = await deps.store.users.findByEmail(email);
  if (account && (await deps.store.companies.membershipOf(account.id))) return fail(refusal('ALREADY_IN_COMPANY'));
  const members = await deps.store.companies.members(company.id, monthStartUtc(now));
  if (members.length + waiting.length >= MAX_COMPANY_MEMBERS) return fail(refusal('TOO_MANY_MEMBERS'));

  const invitation: CompanyInvitation = {
    id: deps.ids.newId(),
    companyId: company.id,
    email,
    role: input.role,
    monthlyLimitCents: limit,
    invitedBy: user.id,
    createdAt: now,
    expiresAt: new Date(now.getTime() + INVITATION_VALID_DAYS * DAY_MS),
    acceptedAt: null,
  };
  const tokenHash = deps.links.hashToken(deps.links.invitationToken(invitation.id));
  const note = auditNote(user, now, { kind: 'company-member-invited', subjectId: invitation.id, summary: `Invited ${email} to ${company.name} as ${input.role}` });
  return ok(await deps.store.companies.createInvitation(invitation, tokenHash, note, INVITATION_MAIL));
};

export type CancelInvitationPorts = { store: { companies: Pick<CompanyRepository, 'membershipOf' | 'find' | 'findInvitation' | 'deleteInvitation'> }; clock: Clock };

/** A manager withdraws an invitation of their company: its link stops working. */
export const cancelInvitation = async (deps: CancelInvitationPorts, user: User, id: string): Promise<Result<null, CompanyAccessError | ErrorOf<'NOT_FOUND'>>> => {
  const caller = await companyCaller(deps, user, 'manager');
  if (!caller.ok) return caller;
  const { company } = caller.value;
  const invitation = await deps.store.companies.findInvitation(id);
  if (!invitation || invitation.companyId !== company.id) return fail(notFound('company-invitation'));
  const note = auditNote(user, deps.clock.now(), { kind: 'company-invitation-cancelled', subjectId: id, summary: `Withdrew the invitation of ${invitation.email} to ${company.name}`, before: invitation });
  return (await deps.store.companies.deleteInvitation(company.id, id, note)) ? ok(null) : fail(notFound('company-invitation'));
};

export type AcceptInvitationPorts = CompanyViewPorts & {
  store: { companies: Pick<CompanyRepository, 'findInvitationByTokenHash' | 'acceptInvitation'> };
  links: Pick<LinkTokenService, 'hashToken'>;
};
export type AcceptInvitationError = ErrorOf<
  'EMAIL_NOT_VERIFIED' | 'ADMIN_CANNOT_BUY' | 'INVITATION_NOT_FOUND' | 'INVITATION_USED' | 'INVITATION_FOR_ANOTHER_EMAIL' | 'ALREADY_IN_COMPANY' | 'TOO_MANY_MEMBERS' | 'NO_COMPANY'
>;

/**
 * The invited person opens the link (docs/companies.md, "Companies and members"): signed in with
 * the invited address, verified, in no company yet. The store marks the invitation accepted and
 * adds the member in one step, so a token works once. An unknown or expired token is not found; a
 * company already at MAX_COMPANY_MEMBERS takes nobody (the invitation stays usable).
 */
export const acceptInvitation = async (deps: AcceptInvitationPorts, user: User, token: string): Promise<Result<CompanyView, AcceptInvitationError>> => {
  if (!user.emailVerified) return fail(refusal('EMAIL_NOT_VERIFIED'));
  if (isAdmin(user)) return fail(refusal('ADMIN_CANNOT_BUY'));
  const now = deps.clock.now();
  const invitation = token === '' ? null : await deps.store.companies.findInvitationByTokenHash(deps.links.hashToken(token));
  if (!invitation || invitation.expiresAt <= now) return fail(refusal('INVITATION_NOT_FOUND'));
  if (invitation.acceptedAt !== null) return fail(refusal('INVITATION_USED'));
  if (normalizeEmail(invitation.email) !== normalizeEmail(user.email)) return fail(refusal('INVITATION_FOR_ANOTHER_EMAIL'));
  const company = await deps.store.companies.find(invitation.companyId);
  if (!company) return fail(refusal('INVITATION_NOT_FOUND'));

  const member: Membership = { companyId: invitation.companyId, userId: user.id, role: invitation.role, monthlyLimitCents: invitation.monthlyLimitCents, joinedAt: now };
  const note = auditNote(user, now, { kind: 'company-member-joined', subjectId: user.id, summary: `Joined ${company.name} as ${invitation.role}` });
  const accepted = await deps.store.companies.acceptInvitation(invitation.id, member, now, note);
  if (!accepted.ok) {
    return fail(
      accepted.error === 'invitation-used'
        ? refusal('INVITATION_USED')
        : accepted.error === 'already-in-company'
          ? refusal('ALREADY_IN_COMPANY')
          : accepted.error === 'too-many-members'
            ? refusal('TOO_MANY_MEMBERS')
            : refusal('INVITATION_NOT_FOUND'),
    );
  }
  return ok(await viewOf(deps, { user, membership: accepted.value, company }));
};

/** What the invitation e-mail says: the words are the mail template's (adapters/mail/company-emails.tsx). */
export interface InvitationMail {
  to: string;
  companyName: string;
  inviterName: string;
  role: CompanyRole;
  link: string;
  expiresAt: Date;
}

export type PrepareInvitationMailPorts = {
  store: { companies: Pick<CompanyRepository, 'findInvitation' | 'find'>; users: Pick<UserRepository, 'findById'> };
  links: Pick<LinkTokenService, 'invitationToken'>;
  clock: Clock;
};

/**
 * The queued invitation e-mail, written when it goes out: its link's token is derived again from
 * the invitation (never stored). Nothing to send once the invitation was withdrawn, accepted or
 * has expired.
 */
export const prepareInvitationMail = async (deps: PrepareInvitationMailPorts, invitationId: string, appUrl: string): Promise<InvitationMail | null> => {
  const invitation = await deps.store.companies.findInvitation(invitationId);
  if (!invitation || !isPending(invitation, deps.clock.now())) return null;
  const company = await deps.store.companies.find(invitation.companyId);
  if (!company) return null;
  const inviter = await deps.store.users.findById(invitation.invitedBy);
  const token = deps.links.invitationToken(invitation.id);
  return {
    to: invitation.email,
    companyName: company.name,
    inviterName: inviter?.name ?? company.name,
    role: invitation.role,
    link: `${appUrl}/company/join?token=${encodeURIComponent(token)}`,
    expiresAt: invitation.expiresAt,
  };
};
