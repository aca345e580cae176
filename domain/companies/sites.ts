import { auditNote } from '../audit/audit-log.ts';
import type { User } from '../identity/user.ts';
import type { Clock, IdGenerator } from '../shared/clock.ts';
import { invalid, notFound, refusal, type ErrorOf } from '../shared/errors.ts';
import { normalizePhone } from '../shared/phone.ts';
import { fail, ok, type Result } from '../shared/result.ts';
import { companyCaller, type CompanyAccessError } from './company-access.ts';
import { siteProblems, type SiteFields } from './company-rules.ts';
import type { CompanyAddress } from './company.ts';
import type { CompanyRepository } from './company-repository.ts';

/**
 * The company's sites (docs/companies.md, "Sites"): ship-to addresses every member reads and picks
 * at checkout; managers add, change and remove them, at most MAX_COMPANY_ADDRESSES.
 */
type SiteStore = Pick<CompanyRepository, 'membershipOf' | 'find'>;

/** Fields as kept: trimmed, the phone in its compact form. */
const cleaned = <T extends Partial<SiteFields>>(fields: T): T =>
  Object.fromEntries(
    Object.entries(fields)
      .filter(([, value]) => value !== undefined)
      .map(([key, value]) => [key, key === 'phone' ? (normalizePhone(value as string) ?? (value as string).trim()) : (value as string).trim()]),
  ) as T;

export const listSites = async (deps: { store: { companies: SiteStore & Pick<CompanyRepository, 'addresses'> } }, user: User): Promise<Result<CompanyAddress[], CompanyAccessError>> => {
  const caller = await companyCaller(deps, user);
  return caller.ok ? ok(await deps.store.companies.addresses(caller.value.company.id)) : caller;
};

export type AddSitePorts = { store: { companies: SiteStore & Pick<CompanyRepository, 'addAddress'> }; clock: Clock; ids: IdGenerator };

export const addSite = async (deps: AddSitePorts, user: User, fields: SiteFields): Promise<Result<CompanyAddress, CompanyAccessError | ErrorOf<'VALIDATION_FAILED' | 'TOO_MANY_ADDRESSES'>>> => {
  const caller = await companyCaller(deps, user, 'manager');
  if (!caller.ok) return caller;
  const problems = siteProblems(fields);
  if (Object.keys(problems).length > 0) return fail(invalid(problems));
  const { company } = caller.value;
  const now = deps.clock.now();
  const site: CompanyAddress = { id: deps.ids.newId(), companyId: company.id, ...cleaned(fields), createdAt: now };
  const added = await deps.store.companies.addAddress(site, auditNote(user, now, { kind: 'company-address-added', subjectId: site.id, summary: `Added the site ${site.label} to ${company.name}` }));
  return added.ok ? added : fail(added.error === 'too-many-addresses' ? refusal('TOO_MANY_ADDRESSES') : refusal('NO_COMPANY'));
};

export type UpdateSitePorts = { store: { companies: SiteStore & Pick<CompanyRepository, 'addresses' | 'updateAddress'> }; clock: Clock };

export const updateSite = async (
  deps: UpdateSitePorts,
  user: User,
  id: string,
  fields: Partial<SiteFields>,
): Promise<Result<CompanyAddress, CompanyAccessError | ErrorOf<'VALIDATION_FAILED' | 'NOT_FOUND'>>> => {
  const caller = await companyCaller(deps, user, 'manager');
  if (!caller.ok) return caller;
  const problems = siteProblems(fields);
  if (Object.keys(problems).length > 0) return fail(invalid(problems));
  const { company } = caller.value;
  const before = (await deps.store.companies.addresses(company.id)).find((site) => site.id === id);
  if (!before) return fail(notFound('company-address'));
  const note = auditNote(user, deps.clock.now(), { kind: 'company-address-changed', subjectId: id, summary: `Changed the site ${before.label} of ${company.name}`, before });
  const updated = await deps.store.companies.updateAddress(company.id, id, cleaned(fields), note);
  return updated ? ok(updated) : fail(notFound('company-address'));
};

export type RemoveSitePorts = { store: { companies: SiteStore & Pick<CompanyRepository, 'addresses' | 'deleteAddress'> }; clock: Clock };

export const removeSite = async (deps: RemoveSitePorts, user: User, id: string): Promise<Result<null, CompanyAccessError | ErrorOf<'NOT_FOUND'>>> => {
  const caller = await companyCaller(deps, user, 'manager');
  if (!caller.ok) return caller;
  const { company } = caller.value;
  const before = (await deps.store.companies.addresses(company.id)).find((site) => site.id === id);
  if (!before) return fail(notFound('company-address'));
  const note = auditNote(user, deps.clock.now(), { kind: 'company-address-removed', subjectId: id, summary: `Removed the site ${before.label} from ${company.name}`, before });
  return (await deps.store.companies.deleteAddress(company.id, id, note)) ? ok(null) : fail(notFound('company-address'));
};
