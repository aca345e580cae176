import type { AuditNote } from '../audit/audit-log.ts';
import type { AccountMailKind } from '../mail/mail-outbox.ts';
import type { Page, PageRequest } from '../shared/page.ts';
import type { Profile, Role, User } from './user.ts';

/** The admins that must remain besides the one removed, for a removal to happen. */
export interface AdminsLeft {
  otherAdminsAtLeast: number;
}

export interface UserRepository {
  /**
   * Returns null when the (normalised) e-mail is already taken. `mail`, when given, is queued in
   * the same transaction (docs/email.md, "E-mail"), only if the user is created: a sign-up's
   * verification mail is never lost to a crash or a mail server that is down.
   */
  create(user: User, mail?: Extract<AccountMailKind, 'verify-email'>): Promise<User | null>;
  findById(id: string): Promise<User | null>;
  findByEmail(email: string): Promise<User | null>;
  /** One page of the users, newest first (createdAt desc, id desc); the cursor is opaque. */
  list(page: PageRequest): Promise<Page<User>>;
  /**
   * Every admin's e-mail address, by address (a shop has a handful): where the shop's notifications
   * go when SHOP_EMAIL is unset (docs/email.md, "Notifications to the shop").
   */
  adminEmails(): Promise<string[]>;
  /**
   * Sets the role and bumps the session version in one step: sessions issued under the old role
   * end, so a promotion or demotion is never shared with a token someone else may hold.
   */
  /** `audit`, when given, is written in the same transaction, only if the change happens (docs/audit-log.md, "Audit log"); so for the other admin changes below. */
  setRole(id: string, role: Role, audit?: AuditNote): Promise<User | null>;
  /**
   * Sets a new password hash and bumps the session version in one step, only while the session
   * version is still `expectedVersion`: the password-reset link's single use. Null when the user
   * is gone or the version moved (the link was used, or the user signed out, meanwhile).
   */
  replacePassword(id: string, passwordHash: string, expectedVersion: number): Promise<User | null>;
  setEmailVerified(id: string): Promise<User | null>;
  /**
   * Makes an admin a customer again (bumping the session version), only while at least
   * `otherAdminsAtLeast` other admins remain, counted in the same atomic step as the change: of
   * two admins removed at once, the second counts with the first already removed. The condition is
   * the domain's (manage-users.ts: the shop keeps an admin); the store only makes it atomic.
   * 'too-few-admins' when it does not hold (nothing changes); null when no such admin exists.
   */
  removeAdmin(id: string, condition: AdminsLeft, audit?: AuditNote): Promise<User | 'too-few-admins' | null>;
  /**
   * The e-mail's proven owner takes an unverified account over: the password (set by whoever
   * signed up with that address) is dropped, the e-mail marked verified and the session version
   * bumped, in one step, so nobody who signed up before keeps a way in.
   */
  adoptForVerifiedOwner(id: string): Promise<User | null>;
  /** Bumps the session version so every token issued before stops working. */
  bumpSessionVersion(id: string): Promise<User | null>;
  /**
   * Deletes the user; their paid orders and reviews keep their snapshots, their unpaid orders are
   * deleted with the units returned to stock (nobody can pay for them any more).
   */
  delete(id: string, audit?: AuditNote): Promise<boolean>;
  findProfile(userId: string): Promise<Profile | null>;
  saveProfile(profile: Profile): Promise<Profile>;
}
