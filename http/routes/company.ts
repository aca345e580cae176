import { Hono } from 'hono';
import { MAX_COMPANY_MEMBERS } from '#domain/companies/company.ts';
import { acceptInvitation, cancelInvitation, inviteMember, listInvitations } from '#domain/companies/invitations.ts';
import { createCompany, updateCompany, viewCompany } from '#domain/companies/manage-company.ts';
import { removeMember, updateMember } from '#domain/companies/members.ts';
import { addSite, listSites, removeSite, updateSite } from '#domain/companies/sites.ts';
import { createAttemptCounter } from '../middleware/attempt-counters.ts';
import { jsonBody } from '../middleware/json-body.ts';
import { limitEveryAttempt } from '../middleware/rate-limit.ts';
import { requireUser } from '../middleware/session.ts';
import type { AppEnv, AppPorts, HttpSettings } from '../ports.ts';
import { problem } from '../problem.ts';
import { documented, responds } from '../responds.ts';
import { companyAddressDto, companyInvitationDto, companyMemberDto, companyViewDto } from '../response-schemas.ts';
import {
  acceptInvitationSchema,
  createCompanySchema,
  idParamSchema,
  inviteMemberSchema,
  memberParamSchema,
  siteChangesSchema,
  siteSchema,
  updateCompanySchema,
  updateMemberSchema,
} from '../schemas.ts';
import { toCompanyAddressDto, toCompanyInvitationDto, toCompanyMemberDto, toCompanyViewDto } from '../serializers.ts';
import { validate } from '../validation.ts';
import { z } from 'zod';

/** What every company route may also answer (docs/companies.md). */
const ACCESS = '403 `EMAIL_NOT_VERIFIED`; 404 `NO_COMPANY` when the caller belongs to no company';
const MANAGER = `${ACCESS}; 403 \`NOT_A_MANAGER\` for a buyer`;

/**
 * /api/company: the caller's company, its members, invitations and sites (docs/companies.md,
 * "Companies and members", "Sites"). Signed in, with a verified e-mail. Every route reads the
 * caller's own company from their membership, never from the request, so no one reaches another
 * company's members, invitations or sites: another company's member, invitation or site is not
 * found. An invitation sends an e-mail to an address nobody has proven, so every attempt counts
 * against the account's hourly budget, as a quote request does (docs/security.md, "Security").
 */
export const companyRoutes = (ports: AppPorts, settings: HttpSettings) => {
  const perAccountInvitations = limitEveryAttempt(
    createAttemptCounter(settings.counterStore, 'company-invitations', { limit: settings.contentRateLimit, windowMs: 60 * 60 * 1000 }),
    (c) => c.get('user').id,
  );
  return new Hono<AppEnv>()
    .use(requireUser(ports))
    .post('/', jsonBody, validate('json', createCompanySchema), documented({
      summary: 'Create a company',
      description:
        'A customer with a verified e-mail. `{name, taxId?}`: creates the company with the caller as its first manager. 201 with the company page. Refusals: 400 `VALIDATION_FAILED`, 403 `EMAIL_NOT_VERIFIED`, 403 `ADMIN_CANNOT_BUY`, 409 `ALREADY_IN_COMPANY` (a user belongs to one company at most).',
    }), responds(201, companyViewDto), async (c) => {
      const created = await createCompany(ports, c.get('user'), c.req.valid('json'));
      return created.ok ? c.json(toCompanyViewDto(created.value), 201) : problem(c, created.error);
    })
    .get('/', documented({
      summary: 'My company',
      description: `Members. The company, the caller's role, monthly limit and spending this month, the members, whole (at most ${MAX_COMPANY_MEMBERS}; managers see each one's e-mail, limit and spending; buyers see names and roles) and the sites. ${ACCESS}.`,
    }), responds(200, companyViewDto), async (c) => {
      const view = await viewCompany(ports, c.get('user'));
      return view.ok ? c.json(toCompanyViewDto(view.value), 200) : problem(c, view.error);
    })
    .patch('/', jsonBody, validate('json', updateCompanySchema), documented({
      summary: 'Edit my company',
      description: `Managers. \`{name?, taxId?, approvalThresholdCents?}\` (a threshold in whole cents, or null for none); recorded in the audit log. 200 with the company page. 400 \`VALIDATION_FAILED\`; ${MANAGER}.`,
    }), responds(200, companyViewDto), async (c) => {
      const updated = await updateCompany(ports, c.get('user'), c.req.valid('json'));
      return updated.ok ? c.json(toCompanyViewDto(updated.value), 200) : problem(c, updated.error);
    })
    .get('/invitations', documented({
      summary: "My company's invitations",
      description: `Managers. The invitations not accepted and not expired, newest first (never their tokens). ${MANAGER}.`,
    }), responds(200, z.object({ items: z.array(companyInvitationDto) })), async (c) => {
      const listed = await listInvitations(ports, c.get('user'));
      return listed.ok ? c.json({ items: listed.value.map(toCompanyInvitationDto) }, 200) : problem(c, listed.error);
    })
    .post('/invitations', perAccountInvitations, jsonBody, validate('json', inviteMemberSchema), documented({
      summary: 'Invite a member',
      description: `Managers. \`{email, role, monthlyLimitCents?}\`: e-mails the address a join link (\`/company/join?token=…\`) that works once, for 7 days, for a signed-in user with that verified address. 201 with the invitation. Refusals: 400 \`VALIDATION_FAILED\`; ${MANAGER}; 409 \`ALREADY_INVITED\` (an invitation to that address is waiting), 409 \`ALREADY_IN_COMPANY\` (that address's account belongs to a company), 409 \`TOO_MANY_MEMBERS\` (its members and pending invitations together are ${MAX_COMPANY_MEMBERS}); 429 \`RATE_LIMITED\` (invitations per account per hour, every attempt counting).`,
    }), responds(201, companyInvitationDto), async (c) => {
      const invited = await inviteMember(ports, c.get('user'), c.req.valid('json'));
      return invited.ok ? c.json(toCompanyInvitationDto(invited.value), 201) : problem(c, invited.error);
    })
    .post('/invitations/accept', jsonBody, validate('json', acceptInvitationSchema), documented({
      summary: 'Accept an invitation',
      description:
        `Signed in with the invited, verified address, in no company yet. \`{token}\` from the join link. 200 with the company page. Refusals: 403 \`EMAIL_NOT_VERIFIED\`, 403 \`ADMIN_CANNOT_BUY\`, 403 \`INVITATION_FOR_ANOTHER_EMAIL\`, 404 \`INVITATION_NOT_FOUND\` (unknown, withdrawn or expired), 409 \`INVITATION_USED\`, 409 \`ALREADY_IN_COMPANY\`, 409 \`TOO_MANY_MEMBERS\` (the company has ${MAX_COMPANY_MEMBERS} members; the invitation stays usable).`,
    }), responds(200, companyViewDto), async (c) => {
      const accepted = await acceptInvitation(ports, c.get('user'), c.req.valid('json').token);
      return accepted.ok ? c.json(toCompanyViewDto(accepted.value), 200) : problem(c, accepted.error);
    })
    .delete('/invitations/:id', validate('param', idParamSchema), documented({
      summary: 'Withdraw an invitation',
      description: `Managers, for their company's invitations: its link stops working. 204. 404 \`NOT_FOUND\` (also another company's); ${MANAGER}.`,
    }), responds(204), async (c) => {
      const cancelled = await cancelInvitation(ports, c.get('user'), c.req.valid('param').id);
      return cancelled.ok ? c.body(null, 204) : problem(c, cancelled.error);
    })
    .patch('/members/:userId', validate('param', memberParamSchema), jsonBody, validate('json', updateMemberSchema), documented({
      summary: "Change a member's role or limit",
      description: `Managers. \`{role?, monthlyLimitCents?}\` (whole cents, or null for no limit). 200 with the member. 400 \`VALIDATION_FAILED\`; ${MANAGER}; 404 \`NOT_FOUND\` (not a member of the caller's company); 409 \`LAST_MANAGER\` (the company needs a manager).`,
    }), responds(200, companyMemberDto), async (c) => {
      const updated = await updateMember(ports, c.get('user'), c.req.valid('param').userId, c.req.valid('json'));
      return updated.ok ? c.json(toCompanyMemberDto(updated.value), 200) : problem(c, updated.error);
    })
    .delete('/members/:userId', validate('param', memberParamSchema), documented({
      summary: 'Remove a member, or leave',
      description: `A manager removes any member; any member removes themself (leaves the company). 204. ${MANAGER} removing someone else; 404 \`NOT_FOUND\`; 409 \`LAST_MANAGER\`.`,
    }), responds(204), async (c) => {
      const removed = await removeMember(ports, c.get('user'), c.req.valid('param').userId);
      return removed.ok ? c.body(null, 204) : problem(c, removed.error);
    })
    .get('/addresses', documented({
      summary: "My company's sites",
      description: `Members. The company's ship-to addresses, oldest first. ${ACCESS}.`,
    }), responds(200, z.object({ items: z.array(companyAddressDto) })), async (c) => {
      const listed = await listSites(ports, c.get('user'));
      return listed.ok ? c.json({ items: listed.value.map(toCompanyAddressDto) }, 200) : problem(c, listed.error);
    })
    .post('/addresses', jsonBody, validate('json', siteSchema), documented({
      summary: 'Add a site',
      description: `Managers. \`{label, recipient, phone, address}\`. 201 with the site. 400 \`VALIDATION_FAILED\`; ${MANAGER}; 409 \`TOO_MANY_ADDRESSES\` past 50.`,
    }), responds(201, companyAddressDto), async (c) => {
      const added = await addSite(ports, c.get('user'), c.req.valid('json'));
      return added.ok ? c.json(toCompanyAddressDto(added.value), 201) : problem(c, added.error);
    })
    .patch('/addresses/:id', validate('param', idParamSchema), jsonBody, validate('json', siteChangesSchema), documented({
      summary: 'Change a site',
      description: `Managers. Any of \`{label, recipient, phone, address}\`. 200 with the site. 400 \`VALIDATION_FAILED\`; ${MANAGER}; 404 \`NOT_FOUND\` (also another company's).`,
    }), responds(200, companyAddressDto), async (c) => {
      const updated = await updateSite(ports, c.get('user'), c.req.valid('param').id, c.req.valid('json'));
      return updated.ok ? c.json(toCompanyAddressDto(updated.value), 200) : problem(c, updated.error);
    })
    .delete('/addresses/:id', validate('param', idParamSchema), documented({
      summary: 'Remove a site',
      description: `Managers. 204. ${MANAGER}; 404 \`NOT_FOUND\` (also another company's).`,
    }), responds(204), async (c) => {
      const removed = await removeSite(ports, c.get('user'), c.req.valid('param').id);
      return removed.ok ? c.body(null, 204) : problem(c, removed.error);
    });
};
