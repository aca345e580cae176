import { and, asc, count, eq, isNull, sql } from 'drizzle-orm';
import { spendingOf } from '../order-queries.ts';
import { defined, invitationOf, membershipOf, Refused } from '../company-rows.ts';
import type { CompanyRepository, MembershipFailure } from '#domain/companies/company-repository.ts';
import { MAX_COMPANY_ADDRESSES, MAX_COMPANY_MEMBERS, type Company, type CompanyMember, type Membership } from '#domain/companies/company.ts';
import { fail, ok, type Result } from '#domain/shared/result.ts';
import { toPage } from '../page-cursor.ts';
import { auditRecorder } from './audit.ts';
import { preparedInsert, type SqliteConnection } from './database.ts';
import { newestFirstReader } from './newest-first.ts';
import { mailsQueuer } from './outbox.ts';
import { companies, companyAddresses, companyInvitations, companyMembers, orders, users } from './schema.ts';


/**
 * Companies on SQLite (docs/companies.md). Each write is one IMMEDIATE transaction with its audit
 * entry and its checks (one company per user through the user-id key, the last manager, an
 * invitation accepted once, the 50 sites), so another process's write cannot slip in between.
 */
export function createSqliteCompanies(db: SqliteConnection): CompanyRepository {
  const recordAudit = auditRecorder(db);
  const queueMails = mailsQueuer(db);
  const insertCompany = preparedInsert(db, companies);
  const insertMember = preparedInsert(db, companyMembers);
  const insertInvitation = preparedInsert(db, companyInvitations);
  const insertAddress = preparedInsert(db, companyAddresses);
  const newest = newestFirstReader(() => db.select().from(companies).$dynamic(), { createdAt: companies.createdAt, key: companies.id });
  const newestMatching = newestFirstReader(
    () => db.select().from(companies).$dynamic(),
    { createdAt: companies.createdAt, key: companies.id },
    sql`instr(lower(${companies.name}), ${sql.placeholder('q')}) > 0`,
  );

  const refusable = <T>(write: () => T): Result<T, MembershipFailure> => {
    try {
      return ok(db.transaction(write, { behavior: 'immediate' }));
    } catch (error) {
      if (error instanceof Refused) return fail(error.failure);
      throw error;
    }
  };
  const memberRow = (userId: string) => db.select().from(companyMembers).where(eq(companyMembers.userId, userId)).get();
  const managerCount = (companyId: string) =>
    db.select({ n: count() }).from(companyMembers).where(and(eq(companyMembers.companyId, companyId), eq(companyMembers.role, 'manager'))).get()!.n;
  /** Refuses a member past MAX_COMPANY_MEMBERS; asked under the IMMEDIATE transaction's write lock, before the insert. */
  const roomFor = (companyId: string) => {
    const { n } = db.select({ n: count() }).from(companyMembers).where(eq(companyMembers.companyId, companyId)).get()!;
    if (n >= MAX_COMPANY_MEMBERS) throw new Refused('too-many-members');
  };
  const companyExists = (id: string) => db.select({ id: companies.id }).from(companies).where(eq(companies.id, id)).get() !== undefined;
  /** The member of this company, or a refusal: a member of another company is not found here. */
  const memberOf = (companyId: string, userId: string) => {
    const row = memberRow(userId);
    if (!row || row.companyId !== companyId) throw new Refused('not-found');
    return row;
  };

  return {
    async create(company, manager, audit) {
      return refusable(() => {
        if (memberRow(manager.userId)) throw new Refused('already-in-company');
        insertCompany(company);
        insertMember({ ...manager, companyId: company.id, role: 'manager' });
        recordAudit(audit, company);
        return company;
      });
    },
    async find(id) {
      return db.select().from(companies).where(eq(companies.id, id)).get() ?? null;
    },
    async update(id, changes, audit) {
      return db.transaction(
        () => {
          const set = defined(changes);
          const updated: Company | undefined =
            Object.keys(set).length > 0
              ? db.update(companies).set(set).where(eq(companies.id, id)).returning().get()
              : db.select().from(companies).where(eq(companies.id, id)).get();
          if (!updated) return null;
          recordAudit(audit, updated);
          return updated;
        },
        { behavior: 'immediate' },
      );
    },
    async membershipOf(userId) {
      const row = memberRow(userId);
      return row ? membershipOf(row) : null;
    },
    async members(companyId, monthStart) {
      const spent = db
        .select({ total: sql<number>`coalesce(sum(${orders.totalCents}), 0)` })
        .from(orders)
        .where(spendingOf(orders, companyMembers, monthStart));
      const rows = db
        .select({ member: companyMembers, name: users.name, email: users.email, spent: sql<number>`(${spent})` })
        .from(companyMembers)
        .innerJoin(users, eq(users.id, companyMembers.userId))
        .where(eq(companyMembers.companyId, companyId))
        .orderBy(sql`CASE ${companyMembers.role} WHEN 'manager' THEN 0 ELSE 1 END`, asc(users.name), asc(companyMembers.userId))
        .all();
      return rows.map((row): CompanyMember => ({ ...membershipOf(row.member), name: row.name, email: row.email, spentThisMonthCents: Number(row.spent) }));
    },
    async addMember(member, audit) {
      return refusable(() => {
        if (memberRow(member.userId)) throw new Refused('already-in-company');
        if (!companyExists(member.companyId)) throw new Refused('not-found');
        roomFor(member.companyId);
        insertMember(member);
        recordAudit(audit, member);
        return member;
      });
    },
    async updateMember(companyId, userId, changes, audit) {
      return refusable(() => {
        const row = memberOf(companyId, userId);
        if (row.role === 'manager' && changes.role === 'buyer' && managerCount(companyId) <= 1) throw new Refused('last-manager');
        const set = defined(changes);
        const updated = Object.keys(set).length > 0 ? db.update(companyMembers).set(set).where(eq(companyMembers.userId, userId)).returning().get()! : row;
        recordAudit(audit, membershipOf(updated));
        return membershipOf(updated);
      });
    },
    async removeMember(companyId, userId, audit) {
      return refusable(() => {
        const row = memberOf(companyId, userId);
        if (row.role === 'manager' && managerCount(companyId) <= 1) throw new Refused('last-manager');
        db.delete(companyMembers).where(eq(companyMembers.userId, userId)).run();
        recordAudit(audit);
        return null;
      });
    },

    async createInvitation(invitation, tokenHash, audit, mail) {
      return db.transaction(
        () => {
          insertInvitation({ ...invitation, tokenHash });
          queueMails(mail, invitation.id, invitation.createdAt);
          recordAudit(audit, invitation);
          return invitation;
        },
        { behavior: 'immediate' },
      );
    },
    async invitations(companyId) {
      return db
        .select()
        .from(companyInvitations)
        .where(and(eq(companyInvitations.companyId, companyId), isNull(companyInvitations.acceptedAt)))
        .orderBy(sql`${companyInvitations.createdAt} DESC`, sql`${companyInvitations.id} DESC`)
        .all()
        .map(invitationOf);
    },
    async findInvitation(id) {
      const row = db.select().from(companyInvitations).where(eq(companyInvitations.id, id)).get();
      return row ? invitationOf(row) : null;
    },
    async findInvitationByTokenHash(tokenHash) {
      const row = db.select().from(companyInvitations).where(eq(companyInvitations.tokenHash, tokenHash)).get();
      return row ? invitationOf(row) : null;
    },
    async deleteInvitation(companyId, id, audit) {
      return db.transaction(
        () => {
          const deleted = db
            .delete(companyInvitations)
            .where(and(eq(companyInvitations.id, id), eq(companyInvitations.companyId, companyId), isNull(companyInvitations.acceptedAt)))
            .returning({ id: companyInvitations.id })
            .all();
          if (deleted.length === 0) return false;
          recordAudit(audit);
          return true;
        },
        { behavior: 'immediate' },
      );
    },
    async acceptInvitation(id, member, at, audit) {
      return refusable(() => {
        const invitation = db.select().from(companyInvitations).where(eq(companyInvitations.id, id)).get();
        if (!invitation) throw new Refused('not-found');
        if (invitation.acceptedAt !== null) throw new Refused('invitation-used');
        if (memberRow(member.userId)) throw new Refused('already-in-company');
        roomFor(invitation.companyId);
        db.update(companyInvitations).set({ acceptedAt: at }).where(eq(companyInvitations.id, id)).run();
        const joined: Membership = { ...member, companyId: invitation.companyId };
        insertMember(joined);
        recordAudit(audit, joined);
        return joined;
      });
    },

    async addresses(companyId) {
      return db.select().from(companyAddresses).where(eq(companyAddresses.companyId, companyId)).orderBy(asc(companyAddresses.createdAt), asc(companyAddresses.id)).all();
    },
    async addAddress(address, audit) {
      return refusable(() => {
        if (!companyExists(address.companyId)) throw new Refused('not-found');
        const { n } = db.select({ n: count() }).from(companyAddresses).where(eq(companyAddresses.companyId, address.companyId)).get()!;
        if (n >= MAX_COMPANY_ADDRESSES) throw new Refused('too-many-addresses');
        insertAddress(address);
        recordAudit(audit, address);
        return address;
      });
    },
    async updateAddress(companyId, id, changes, audit) {
      return db.transaction(
        () => {
          const where = and(eq(companyAddresses.id, id), eq(companyAddresses.companyId, companyId));
          const set = defined(changes);
          const updated = Object.keys(set).length > 0 ? db.update(companyAddresses).set(set).where(where).returning().get() : db.select().from(companyAddresses).where(where).get();
          if (!updated) return null;
          recordAudit(audit, updated);
          return updated;
        },
        { behavior: 'immediate' },
      );
    },
    async deleteAddress(companyId, id, audit) {
      return db.transaction(
        () => {
          const deleted = db.delete(companyAddresses).where(and(eq(companyAddresses.id, id), eq(companyAddresses.companyId, companyId))).returning({ id: companyAddresses.id }).all();
          if (deleted.length === 0) return false;
          recordAudit(audit);
          return true;
        },
        { behavior: 'immediate' },
      );
    },

    async list(search, page) {
      const q = search.q?.trim().toLowerCase();
      const rows = q ? newestMatching(page, { q }) : newest(page);
      return toPage(rows, page.limit);
    },
  };
}
