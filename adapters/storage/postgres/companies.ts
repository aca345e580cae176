import { and, asc, count, eq, isNull, sql } from 'drizzle-orm';
import { spendingOf } from '../order-queries.ts';
import { defined, invitationOf, membershipOf, Refused } from '../company-rows.ts';
import type { CompanyRepository, MembershipFailure } from '#domain/companies/company-repository.ts';
import { MAX_COMPANY_ADDRESSES, MAX_COMPANY_MEMBERS, type CompanyMember, type Membership } from '#domain/companies/company.ts';
import { fail, ok, type Result } from '#domain/shared/result.ts';
import { toPage } from '../page-cursor.ts';
import { recordAudit } from './audit.ts';
import { firstRow, type PgDb } from './database.ts';
import { newestFirst } from './newest-first.ts';
import { queueMails } from './outbox.ts';
import { companies, companyAddresses, companyInvitations, companyMembers, orders, users } from './schema.ts';

type Tx = Parameters<Parameters<PgDb['transaction']>[0]>[0];


/**
 * Companies on PostgreSQL (docs/companies.md). A write that counts (managers, sites) first locks
 * the company's row, so two managers demoting or removing each other, or two sites added at
 * once, run one after the other and the second counts what the first left. One company per user
 * is the user-id key of company_members; an invitation is taken by a conditional UPDATE, once.
 */
export function createPgCompanies(db: PgDb): CompanyRepository {
  const refusable = async <T>(write: (tx: Tx) => Promise<T>): Promise<Result<T, MembershipFailure>> => {
    try {
      return ok(await db.transaction(write));
    } catch (error) {
      if (error instanceof Refused) return fail(error.failure);
      throw error;
    }
  };
  /** Locks the company's row for the rest of the transaction; a refusal when it is gone. */
  const lockCompany = async (tx: Tx, companyId: string): Promise<void> => {
    const locked = await tx.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId)).for('update');
    if (locked.length === 0) throw new Refused('not-found');
  };
  /**
   * Refuses a member past MAX_COMPANY_MEMBERS: locks the company's row first, so two joining at once
   * are counted one after the other.
   */
  const lockRoomFor = async (tx: Tx, companyId: string): Promise<void> => {
    await lockCompany(tx, companyId);
    const [{ n } = { n: 0 }] = await tx.select({ n: count() }).from(companyMembers).where(eq(companyMembers.companyId, companyId));
    if (n >= MAX_COMPANY_MEMBERS) throw new Refused('too-many-members');
  };
  const memberOf = async (tx: Tx, companyId: string, userId: string) => {
    const row = await firstRow(tx.select().from(companyMembers).where(eq(companyMembers.userId, userId)));
    if (!row || row.companyId !== companyId) throw new Refused('not-found');
    return row;
  };
  const managerCount = async (tx: Tx, companyId: string) =>
    (await tx.select({ n: count() }).from(companyMembers).where(and(eq(companyMembers.companyId, companyId), eq(companyMembers.role, 'manager'))))[0]!.n;
  /** Inserts the membership unless the user already has one (the key decides, also against a concurrent insert). */
  const insertMember = async (tx: Tx, member: Membership): Promise<void> => {
    const inserted = await tx.insert(companyMembers).values(member).onConflictDoNothing({ target: companyMembers.userId }).returning({ userId: companyMembers.userId });
    if (inserted.length === 0) throw new Refused('already-in-company');
  };

  return {
    async create(company, manager, audit) {
      return refusable(async (tx) => {
        await tx.insert(companies).values(company);
        await insertMember(tx, { ...manager, companyId: company.id, role: 'manager' });
        await recordAudit(tx, audit, company);
        return company;
      });
    },
    async find(id) {
      return firstRow(db.select().from(companies).where(eq(companies.id, id)));
    },
    async update(id, changes, audit) {
      return db.transaction(async (tx) => {
        const set = defined(changes);
        const updated =
          Object.keys(set).length > 0
            ? await firstRow(tx.update(companies).set(set).where(eq(companies.id, id)).returning())
            : await firstRow(tx.select().from(companies).where(eq(companies.id, id)));
        if (!updated) return null;
        await recordAudit(tx, audit, updated);
        return updated;
      });
    },
    async membershipOf(userId) {
      const row = await firstRow(db.select().from(companyMembers).where(eq(companyMembers.userId, userId)));
      return row ? membershipOf(row) : null;
    },
    async members(companyId, monthStart) {
      const spent = db
        .select({ total: sql`coalesce(sum(${orders.totalCents}), 0)` })
        .from(orders)
        .where(spendingOf(orders, companyMembers, monthStart));
      const rows = await db
        .select({ member: companyMembers, name: users.name, email: users.email, spent: sql<string>`(${spent})` })
        .from(companyMembers)
        .innerJoin(users, eq(users.id, companyMembers.userId))
        .where(eq(companyMembers.companyId, companyId))
        .orderBy(sql`CASE ${companyMembers.role} WHEN 'manager' THEN 0 ELSE 1 END`, sql`${users.name} COLLATE "C"`, sql`${companyMembers.userId} COLLATE "C"`);
      return rows.map((row): CompanyMember => ({ ...membershipOf(row.member), name: row.name, email: row.email, spentThisMonthCents: Number(row.spent) }));
    },
    async addMember(member, audit) {
      return refusable(async (tx) => {
        await lockRoomFor(tx, member.companyId);
        await insertMember(tx, member);
        await recordAudit(tx, audit, member);
        return member;
      });
    },
    async updateMember(companyId, userId, changes, audit) {
      return refusable(async (tx) => {
        await lockCompany(tx, companyId);
        const row = await memberOf(tx, companyId, userId);
        if (row.role === 'manager' && changes.role === 'buyer' && (await managerCount(tx, companyId)) <= 1) throw new Refused('last-manager');
        const set = defined(changes);
        const updated = Object.keys(set).length > 0 ? (await firstRow(tx.update(companyMembers).set(set).where(eq(companyMembers.userId, userId)).returning()))! : row;
        await recordAudit(tx, audit, membershipOf(updated));
        return membershipOf(updated);
      });
    },
    async removeMember(companyId, userId, audit) {
      return refusable(async (tx) => {
        await lockCompany(tx, companyId);
        const row = await memberOf(tx, companyId, userId);
        if (row.role === 'manager' && (await managerCount(tx, companyId)) <= 1) throw new Refused('last-manager');
        await tx.delete(companyMembers).where(eq(companyMembers.userId, userId));
        await recordAudit(tx, audit);
        return null;
      });
    },

    async createInvitation(invitation, tokenHash, audit, mail) {
      return db.transaction(async (tx) => {
        await tx.insert(companyInvitations).values({ ...invitation, tokenHash });
        await queueMails(tx, mail, invitation.id, invitation.createdAt);
        await recordAudit(tx, audit, invitation);
        return invitation;
      });
    },
    async invitations(companyId) {
      const rows = await db
        .select()
        .from(companyInvitations)
        .where(and(eq(companyInvitations.companyId, companyId), isNull(companyInvitations.acceptedAt)))
        .orderBy(sql`${companyInvitations.createdAt} DESC`, sql`${companyInvitations.id} COLLATE "C" DESC`);
      return rows.map(invitationOf);
    },
    async findInvitation(id) {
      const row = await firstRow(db.select().from(companyInvitations).where(eq(companyInvitations.id, id)));
      return row ? invitationOf(row) : null;
    },
    async findInvitationByTokenHash(tokenHash) {
      const row = await firstRow(db.select().from(companyInvitations).where(eq(companyInvitations.tokenHash, tokenHash)));
      return row ? invitationOf(row) : null;
    },
    async deleteInvitation(companyId, id, audit) {
      return db.transaction(async (tx) => {
        const deleted = await tx
          .delete(companyInvitations)
          .where(and(eq(companyInvitations.id, id), eq(companyInvitations.companyId, companyId), isNull(companyInvitations.acceptedAt)))
          .returning({ id: companyInvitations.id });
        if (deleted.length === 0) return false;
        await recordAudit(tx, audit);
        return true;
      });
    },
    async acceptInvitation(id, member, at, audit) {
      return refusable(async (tx) => {
        // The conditional UPDATE takes the invitation once: a second acceptance waits for the first and then finds it taken.
        const taken = await firstRow(
          tx.update(companyInvitations).set({ acceptedAt: at }).where(and(eq(companyInvitations.id, id), isNull(companyInvitations.acceptedAt))).returning({ companyId: companyInvitations.companyId }),
        );
        if (!taken) {
          const exists = await firstRow(tx.select({ id: companyInvitations.id }).from(companyInvitations).where(eq(companyInvitations.id, id)));
          throw new Refused(exists ? 'invitation-used' : 'not-found');
        }
        // Refused, the whole step rolls back: the invitation stays unused for when a seat frees.
        await lockRoomFor(tx, taken.companyId);
        const joined: Membership = { ...member, companyId: taken.companyId };
        await insertMember(tx, joined);
        await recordAudit(tx, audit, joined);
        return joined;
      });
    },

    async addresses(companyId) {
      return db.select().from(companyAddresses).where(eq(companyAddresses.companyId, companyId)).orderBy(asc(companyAddresses.createdAt), sql`${companyAddresses.id} COLLATE "C"`);
    },
    async addAddress(address, audit) {
      return refusable(async (tx) => {
        await lockCompany(tx, address.companyId);
        const [{ n } = { n: 0 }] = await tx.select({ n: count() }).from(companyAddresses).where(eq(companyAddresses.companyId, address.companyId));
        if (n >= MAX_COMPANY_ADDRESSES) throw new Refused('too-many-addresses');
        await tx.insert(companyAddresses).values(address);
        await recordAudit(tx, audit, address);
        return address;
      });
    },
    async updateAddress(companyId, id, changes, audit) {
      return db.transaction(async (tx) => {
        const where = and(eq(companyAddresses.id, id), eq(companyAddresses.companyId, companyId));
        const set = defined(changes);
        const updated = Object.keys(set).length > 0 ? await firstRow(tx.update(companyAddresses).set(set).where(where).returning()) : await firstRow(tx.select().from(companyAddresses).where(where));
        if (!updated) return null;
        await recordAudit(tx, audit, updated);
        return updated;
      });
    },
    async deleteAddress(companyId, id, audit) {
      return db.transaction(async (tx) => {
        const deleted = await tx.delete(companyAddresses).where(and(eq(companyAddresses.id, id), eq(companyAddresses.companyId, companyId))).returning({ id: companyAddresses.id });
        if (deleted.length === 0) return false;
        await recordAudit(tx, audit);
        return true;
      });
    },

    async list(search, page) {
      const q = search.q?.trim().toLowerCase();
      // strpos on lower(): a part of the name, with no LIKE wildcards to escape.
      const filter = q ? sql`strpos(lower(${companies.name}), ${q}) > 0` : undefined;
      const rows = await newestFirst(db.select().from(companies).$dynamic(), { createdAt: companies.createdAt, key: companies.id }, page, filter);
      return toPage(rows, page.limit);
    },
  };
}
