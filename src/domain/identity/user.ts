import { z } from 'zod';
import { ROLES, type Role } from '../access/permissions.js';
import { exactText, text } from '../shared/validation.js';

export interface User {
  readonly id: string;
  readonly email: string;
  readonly name: string;
  readonly role: Role;
  /** The authorised loan pool; meaningful for teachers (empty = no loans visible). */
  readonly loanGroupIds: readonly string[];
  readonly active: boolean;
  readonly createdAt: string;
}

/** A user as answered (never with credentials). */
export const userSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role: z.enum(ROLES),
  loanGroupIds: z.array(z.string()).readonly().describe('The loan groups a teacher sees (empty: none)'),
  active: z.boolean(),
  createdAt: z.string(),
});

/** Who a session is: what signing in, and `GET /api/auth/me`, say about the user. */
export const sessionUserSchema = userSchema.pick({ id: true, email: true, name: true, role: true, loanGroupIds: true });

/** A user with the password hash, for the few use cases that check or set it. */
export interface UserCredentials extends User {
  readonly passwordHash: string | null;
}

const EMAIL_RE = /^[^\s@]{1,64}@[^\s@]{1,255}$/;
export const normaliseEmail = (email: string): string => email.trim().toLowerCase();
export const isEmail = (email: string): boolean => EMAIL_RE.test(email) && email.includes('.', email.indexOf('@'));

export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 1024;

/** An e-mail address as given: trimmed, well-formed text, lower-cased. */
export const emailInput = () =>
  text(3, 320).transform(normaliseEmail).refine(isEmail, { message: 'must be an e-mail address' });

/** A new password: 12 to 1024 characters of well-formed text, taken exactly as typed. */
export const newPasswordInput = () => exactText(PASSWORD_MIN_LENGTH, PASSWORD_MAX_LENGTH);
