import type { Clock } from '../shared/clock.ts';
import { invalid, type ErrorOf, type FieldProblems } from '../shared/errors.ts';
import { normalizePhone } from '../shared/phone.ts';
import { fail, ok, type Result } from '../shared/result.ts';
import { problem, tooLong } from '../shared/field-problem.ts';
import type { Profile, User } from './user.ts';
import type { UserRepository } from './user-repository.ts';

export type ProfileInput = Omit<Profile, 'userId' | 'updatedAt'>;

export type UpdateProfilePorts = { store: { users: Pick<UserRepository, 'saveProfile'> }; clock: Clock };

const MAX_FIELD = 300;
const isWebUrl = (value: string): boolean => {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
};

/**
 * Name and e-mail come from the account and are not editable here. Phone and address are required
 * (orders are prefilled from them); the company, job title, tax/VAT number, photo, education and
 * the two links are optional, and a link, when given, must be a web address.
 */
export const updateProfile = async (
  { store, clock }: UpdateProfilePorts,
  { user, profile: input }: { user: User; profile: ProfileInput },
): Promise<Result<Profile, ErrorOf<'VALIDATION_FAILED'>>> => {
  const fields: FieldProblems = {};
  const text = (value: string) => value.trim();
  const phone = normalizePhone(input.phone);
  if (text(input.phone) === '') fields.phone = problem('phoneRequired');
  else if (!phone) fields.phone = problem('phoneNotDigits');
  if (text(input.address) === '') fields.address = problem('addressRequired');
  for (const key of ['linkedin', 'facebook'] as const) if (text(input[key]) !== '' && !isWebUrl(text(input[key]))) fields[key] = problem('urlInvalid');
  for (const [key, value] of Object.entries(input)) if (value.length > MAX_FIELD) fields[key] = tooLong(MAX_FIELD);
  if (Object.keys(fields).length > 0 || !phone) return fail(invalid(fields));
  return ok(
    await store.users.saveProfile({
      userId: user.id,
      imageUrl: text(input.imageUrl),
      phone,
      education: text(input.education),
      linkedin: text(input.linkedin),
      facebook: text(input.facebook),
      address: text(input.address),
      companyName: text(input.companyName),
      jobTitle: text(input.jobTitle),
      taxNumber: text(input.taxNumber),
      updatedAt: clock.now(),
    }),
  );
};
