export type Role = 'customer' | 'admin';

export interface User {
  id: string;
  email: string;
  name: string;
  role: Role;
  emailVerified: boolean;
  /** Null for accounts that only sign in with Google. */
  passwordHash: string | null;
  /**
   * Bumped by sign-out, password reset, role change and deletion; a token carrying an older
   * version stops working on the next request.
   */
  sessionVersion: number;
  createdAt: Date;
}

export type PublicUser = Pick<User, 'id' | 'email' | 'name' | 'role' | 'emailVerified' | 'createdAt'>;

export const toPublicUser = (user: User): PublicUser => ({
  id: user.id,
  email: user.email,
  name: user.name,
  role: user.role,
  emailVerified: user.emailVerified,
  createdAt: user.createdAt,
});

export const isAdmin = (user: Pick<User, 'role'>): boolean => user.role === 'admin';

/** E-mail addresses are compared and stored in one spelling; the rule lives with the others. */
export { normalizeEmail } from './credentials-rules.ts';

export interface Profile {
  userId: string;
  imageUrl: string;
  phone: string;
  education: string;
  linkedin: string;
  facebook: string;
  address: string;
  /** The contractor's company, their job title there, and its tax/VAT number: printed on invoices. */
  companyName: string;
  jobTitle: string;
  taxNumber: string;
  updatedAt: Date;
}
