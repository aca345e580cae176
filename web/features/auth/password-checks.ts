import { webMessages } from '../../lib/web-messages.ts';
import { passwordProblem } from '#domain/identity/credentials-rules.ts';
import { checkOnChangeBlurSubmit, checkWith } from '../../lib/validate.ts';

/** The server's password rule (domain/identity/credentials-rules.ts), for the password field of every auth form. */
export const passwordValidators = checkOnChangeBlurSubmit(checkWith(passwordProblem));

/** The repeated password: present, then equal to the password. */
const confirmPasswordError = (confirm: string, password: string) =>
  confirm.length === 0 ? webMessages.confirmPasswordRequired : confirm !== password ? webMessages.passwordsDiffer : undefined;

type ConfirmCheckInput = { value: string; fieldApi: { form: { getFieldValue: (name: 'password') => string } } };

/** For a `confirmPassword` field next to a `password` one; checked again when the password changes. */
export const confirmPasswordValidators = {
  onChangeListenTo: ['password' as const],
  ...checkOnChangeBlurSubmit(({ value, fieldApi }: ConfirmCheckInput) => confirmPasswordError(value, fieldApi.form.getFieldValue('password'))),
};
