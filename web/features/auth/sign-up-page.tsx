import { useForm } from '@tanstack/react-form';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { messages } from '#domain/messages.ts';
import { emailField, nameField, passwordField } from '#http/schemas.ts';
import { api, ApiError } from '../../lib/api.ts';
import { usePageMeta } from '../../lib/page-meta.ts';
import { checkOnBlur, checkOnChangeBlurSubmit, fieldError, validateWith } from '../../lib/validate.ts';
import { Button } from '../../components/ui/button.tsx';
import { Field } from '../../components/ui/field.tsx';
import { Input } from '../../components/ui/input.tsx';
import { notify } from '../../components/ui/toaster.tsx';
import { AuthCard, OrDivider } from './auth-card.tsx';
import { GoogleButton } from './google-button.tsx';
import { PasswordInput } from './password-input.tsx';
import { useSignedIn } from './use-signed-in.ts';

/** Same rule as signUpFormSchema: present, then equal to the password. */
const confirmPasswordError = (confirm: string, password: string) =>
  confirm.length === 0 ? messages.confirmPasswordRequired : confirm !== password ? messages.passwordsDiffer : undefined;

export function SignUpPage({ redirect }: { redirect: string | undefined }) {
  usePageMeta('Sign Up', 'Create a Bulkhead account to order hardware parts and tools in bulk.');
  const signedIn = useSignedIn();
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const form = useForm({
    defaultValues: { name: '', email: '', password: '', confirmPassword: '' },
    onSubmit: async ({ value }) => {
      setServerErrors({});
      try {
        const session = await api.signUp({ name: value.name.trim(), email: value.email.trim(), password: value.password });
        signedIn(session, messages.signUpSuccess, redirect);
      } catch (error) {
        if (error instanceof ApiError) {
          setServerErrors(error.fields);
          notify.error(error.message);
        } else {
          notify.error(messages.serverError);
        }
      }
    },
  });

  return (
    <AuthCard title="Sign Up">
      <form
        noValidate
        className="space-y-4"
        onSubmit={(event) => {
          event.preventDefault();
          void form.handleSubmit();
        }}
      >
        <form.Field name="name" validators={checkOnChangeBlurSubmit(validateWith(nameField))}>
          {(field) => (
            <Field id="signup-name" label="Name" error={fieldError(field) ?? serverErrors.name}>
              {(control) => (
                <Input {...control} autoComplete="name" value={field.state.value} onChange={(event) => field.handleChange(event.target.value)} onBlur={checkOnBlur(field)} />
              )}
            </Field>
          )}
        </form.Field>
        <form.Field name="email" validators={checkOnChangeBlurSubmit(validateWith(emailField))}>
          {(field) => (
            <Field id="signup-email" label="Email" error={fieldError(field) ?? serverErrors.email}>
              {(control) => (
                <Input {...control} type="email" autoComplete="email" value={field.state.value} onChange={(event) => field.handleChange(event.target.value)} onBlur={checkOnBlur(field)} />
              )}
            </Field>
          )}
        </form.Field>
        <form.Field name="password" validators={checkOnChangeBlurSubmit(validateWith(passwordField))}>
          {(field) => (
            <Field id="signup-password" label="Password" error={fieldError(field) ?? serverErrors.password}>
              {(control) => (
                <PasswordInput control={control} value={field.state.value} onChange={field.handleChange} onBlur={checkOnBlur(field)} autoComplete="new-password" />
              )}
            </Field>
          )}
        </form.Field>
        <form.Field
          name="confirmPassword"
          validators={{
            onChangeListenTo: ['password'],
            ...checkOnChangeBlurSubmit(({ value, fieldApi }: { value: string; fieldApi: { form: { getFieldValue: (name: 'password') => string } } }) =>
              confirmPasswordError(value, fieldApi.form.getFieldValue('password')),
            ),
          }}
        >
          {(field) => (
            <Field id="signup-confirm-password" label="Confirm Password" error={fieldError(field)}>
              {(control) => (
                <Input {...control} type="password" autoComplete="new-password" value={field.state.value} onChange={(event) => field.handleChange(event.target.value)} onBlur={checkOnBlur(field)} />
              )}
            </Field>
          )}
        </form.Field>
        <form.Subscribe selector={(state) => state.isSubmitting}>
          {(submitting) => (
            <Button type="submit" variant="secondary" className="w-full" disabled={submitting}>
              Register
            </Button>
          )}
        </form.Subscribe>
      </form>
      <p className="mt-4 text-center text-sm text-slate-700">
        Already have an account?{' '}
        <Link to="/login" search={{ redirect }} className="rounded font-semibold text-amber-800 underline hover:text-amber-950 focus-visible:ring-2 focus-visible:ring-amber-500 focus-visible:outline-none">
          Login
        </Link>
      </p>
      <OrDivider />
      <GoogleButton returnTo={redirect ?? '/'} />
    </AuthCard>
  );
}
