import type { CompanyRepository, MembershipFailure } from '#domain/companies/company-repository.ts';
import { MAX_COMPANY_ADDRESSES, MAX_COMPANY_MEMBERS, type Company, type CompanyMember, type Membership } from '#domain/companies/company.ts';
import { fail, ok } from '#domain/shared/result.ts';
import { byId } from '../page-cursor.ts';
import { recordAudit } from './audit.ts';
import { newestFirst } from './newest-first.ts';
import { queueMails } from './outbox.ts';
import { copy, copyOrNull, spentFor, type MemoryTables } from './tables.ts';

/**
 * Companies in memory (docs/companies.md). Each method works synchronously between awaits, so the
 * one-company-per-user, last-manager, accepted-once and 50-sites rules hold as the SQL
 * transactions hold them.
 */
export function createMemoryCompanies(tables: MemoryTables): CompanyRepository {
  const { companies, companyMembers: members, companyInvitations: invitations, companyAddresses: addresses } = tables;
  const managersOf = (companyId: string) => [...members.values()].filter((member) => member.companyId === companyId && member.role === 'manager').length;
  const membersOf = (companyId: string) => [...members.values()].filter((member) => member.companyId === companyId).length;
  const failure = (error: MembershipFailure) => fail(error);

  return {
    async create(company, manager, audit) {
      if (members.has(manager.userId)) return failure('already-in-company');
      companies.set(company.id, copy(company));
      members.set(manager.userId, copy({ ...manager, companyId: company.id, role: 'manager' }));
      recordAudit(tables, audit, company);
      return ok(copy(company));
    },
    async find(id) {
      return copyOrNull(companies.get(id));
    },
    async update(id, changes, audit) {
      const company = companies.get(id);
      if (!company) return null;
      const defined = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
      Object.assign(company, defined);
      recordAudit(tables, audit, company);
      return copy(company);
    },
    async membershipOf(userId) {
      return copyOrNull(members.get(userId));
    },
    async members(companyId, monthStart) {
      const rows: CompanyMember[] = [];
      for (const member of members.values()) {
        if (member.companyId !== companyId) continue;
        const user = tables.users.get(member.userId);
        rows.push({ ...copy(member), name: user?.name ?? '', email: user?.email ?? '', spentThisMonthCents: spentFor(tables.orders.values(), member, monthStart) });
      }
      const rank = (member: CompanyMember) => (member.role === 'manager' ? 0 : 1);
      return rows.sort((a, b) => rank(a) - rank(b) || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0) || (a.userId < b.userId ? -1 : a.userId > b.userId ? 1 : 0));
    },
    async addMember(member, audit) {
      if (members.has(member.userId)) return failure('already-in-company');
      if (!companies.has(member.companyId)) return failure('not-found');
      if (membersOf(member.companyId) >= MAX_COMPANY_MEMBERS) return failure('too-many-members');
      members.set(member.userId, copy(member));
      recordAudit(tables, audit, member);
      return ok(copy(member));
    },
    async updateMember(companyId, userId, changes, audit) {
      const member = members.get(userId);
      if (!member || member.companyId !== companyId) return failure('not-found');
      if (member.role === 'manager' && changes.role === 'buyer' && managersOf(companyId) <= 1) return failure('last-manager');
      if (changes.role !== undefined) member.role = changes.role;
      if (changes.monthlyLimitCents !== undefined) member.monthlyLimitCents = changes.monthlyLimitCents;
      recordAudit(tables, audit, member);
      return ok(copy(member));
    },
    async removeMember(companyId, userId, audit) {
      const member = members.get(userId);
      if (!member || member.companyId !== companyId) return failure('not-found');
      if (member.role === 'manager' && managersOf(companyId) <= 1) return failure('last-manager');
      members.delete(userId);
      recordAudit(tables, audit);
      return ok(null);
    },

    async createInvitation(invitation, tokenHash, audit, mail) {
      invitations.set(invitation.id, { ...copy(invitation), tokenHash });
      queueMails(tables, mail, invitation.id, invitation.createdAt);
      recordAudit(tables, audit, invitation);
      return copy(invitation);
    },
    async invitations(companyId) {
      return [...invitations.values()]
        .filter((invitation) => invitation.companyId === companyId && invitation.acceptedAt === null)
        .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0))
        .map(({ tokenHash: _hash, ...invitation }) => copy(invitation));
    },
    async findInvitation(id) {
      const stored = invitations.get(id);
      if (!stored) return null;
      const { tokenHash: _hash, ...invitation } = stored;
      return copy(invitation);
    },
    async findInvitationByTokenHash(tokenHash) {
      const stored = [...invitations.values()].find((invitation) => invitation.tokenHash === tokenHash);
      if (!stored) return null;
      const { tokenHash: _hash, ...invitation } = stored;
      return copy(invitation);
    },
    async deleteInvitation(companyId, id, audit) {
      const invitation = invitations.get(id);
      if (!invitation || invitation.companyId !== companyId || invitation.acceptedAt !== null) return false;
      invitations.delete(id);
      recordAudit(tables, audit);
      return true;
    },
    async acceptInvitation(id, member, at, audit) {
      const invitation = invitations.get(id);
      if (!invitation || !companies.has(invitation.companyId)) return failure('not-found');
      if (invitation.acceptedAt !== null) return failure('invitation-used');
      if (members.has(member.userId)) return failure('already-in-company');
      if (membersOf(invitation.companyId) >= MAX_COMPANY_MEMBERS) return failure('too-many-members');
      invitation.acceptedAt = at;
      const joined: Membership = { ...copy(member), companyId: invitation.companyId };
      members.set(member.userId, joined);
      recordAudit(tables, audit, joined);
      return ok(copy(joined));
    },

    async addresses(companyId) {
      return [...addresses.values()]
        .filter((address) => address.companyId === companyId)
        .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
        .map(copy);
    },
    async addAddress(address, audit) {
      if (!companies.has(address.companyId)) return failure('not-found');
      const count = [...addresses.values()].filter((stored) => stored.companyId === address.companyId).length;
      if (count >= MAX_COMPANY_ADDRESSES) return failure('too-many-addresses');
      addresses.set(address.id, copy(address));
      recordAudit(tables, audit, address);
      return ok(copy(address));
    },
    async updateAddress(companyId, id, changes, audit) {
      const address = addresses.get(id);
      if (!address || address.companyId !== companyId) return null;
      Object.assign(address, Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined)));
      recordAudit(tables, audit, address);
      return copy(address);
    },
    async deleteAddress(companyId, id, audit) {
      const address = addresses.get(id);
      if (!address || address.companyId !== companyId) return false;
      addresses.delete(id);
      recordAudit(tables, audit);
      return true;
    },

    async list(search, page) {
      const q = search.q?.trim().toLowerCase();
      const rows = [...companies.values()].filter((company: Company) => !q || company.name.toLowerCase().includes(q));
      return newestFirst(rows, page, byId);
    },
  };
}
