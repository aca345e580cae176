import type { AnyFieldApi } from '@tanstack/react-form';
import { useState } from 'react';
import { messages } from '#domain/messages.ts';
import { passwordField } from '#http/schemas.ts';
import { checkOnBlur, checkOnChangeBlurSubmit, fieldError, validateWith } from '../../lib/validate.ts';
import { TextField } from '../../components/forms/text-field.tsx';
import { Field, type FieldControlProps } from '../../components/ui/field.tsx';
import { Input } from '../../components/ui/input.tsx';

/** The password rules of the server's schema, for the password field of every auth form. */
export const passwordValidators = checkOnChangeBlurSubmit(validateWith(passwordField));

/** Same rule as signUpFormSchema and passwordResetFormSchema: present, then equal to the password. */
const confirmPasswordError = (confirm: string, password: string) =>
  confirm.length === 0 ? messages.confirmPasswordRequired : confirm !== password ? messages.passwordsDiffer : undefined;

type ConfirmCheckInput = { value: string; fieldApi: { form: { getFieldValue: (name: 'password') => string } } };

/** For a `confirmPassword` field next to a `password` one; checked again when the password changes. */
export const confirmPasswordValidators = {
  onChangeListenTo: ['password' as const],
  ...checkOnChangeBlurSubmit(({ value, fieldApi }: ConfirmCheckInput) => confirmPasswordError(value, fieldApi.form.getFieldValue('password'))),
};

/** A password box with the seed's show/hide toggle. */
function PasswordInput({
  control,
  value,
  onChange,
  onBlur,
  autoComplete,
}: {
  control: FieldControlProps;
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  autoComplete: 'current-password' | 'new-password';
}) {
  const [visible, setVisible] = useState(false);
  return (
    <div className="relative">
      <Input
        {...control}
        type={visible ? 'text' : 'password'}
        value={value}
        autoComplete={autoComplete}
        onChange={(event) => onChange(event.target.value)}
        onBlur={onBlur}
        className="pr-12"
      />
      <button
        type="button"
        aria-label={visible ? 'Hide password' : 'Show password'}
        aria-pressed={visible}
        onClick={() => setVisible((shown) => !shown)}
        className="absolute inset-y-0 right-0 flex w-11 items-center justify-center rounded-r-md text-slate-700 hover:text-slate-950 focus-visible:ring-2 focus-visible:ring-amber-500 focus-visible:outline-none"
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2">
          <path d="M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12z" />
          <circle cx="12" cy="12" r="3" />
          {visible ? <path d="M3 3l18 18" /> : null}
        </svg>
      </button>
    </div>
  );
}

/** The password field of a TanStack form, with the show/hide toggle. */
export function PasswordField({
  field,
  id,
  label,
  autoComplete,
  serverError,
}: {
  field: AnyFieldApi;
  id: string;
  label: string;
  autoComplete: 'current-password' | 'new-password';
  serverError: string | undefined;
}) {
  return (
    <Field id={id} label={label} error={fieldError(field) ?? serverError}>
      {(control) => <PasswordInput control={control} value={String(field.state.value)} onChange={field.handleChange} onBlur={checkOnBlur(field)} autoComplete={autoComplete} />}
    </Field>
  );
}

/** The "Confirm Password" field (validators: confirmPasswordValidators); a plain box, no toggle. */
export function ConfirmPasswordField({ field, id }: { field: AnyFieldApi; id: string }) {
  return <TextField field={field} id={id} label="Confirm Password" type="password" autoComplete="new-password" />;
}
