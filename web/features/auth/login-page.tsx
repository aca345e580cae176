import { useForm } from '@tanstack/react-form';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { labels, messages } from '#domain/messages.ts';
import { emailField, passwordField } from '#http/schemas.ts';
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

const linkClass = 'font-semibold text-amber-800 underline hover:text-amber-950 focus-visible:ring-2 focus-visible:ring-amber-500 focus-visible:outline-none rounded';

export function LoginPage({ redirect, googleFailed = false }: { redirect: string | undefined; googleFailed?: boolean }) {
  usePageMeta('Login', 'Sign in to Bulkhead to order hardware in bulk, pay and track your orders.');
  const signedIn = useSignedIn();
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const form = useForm({
    defaultValues: { email: '', password: '' },
    onSubmit: async ({ value }) => {
      setServerErrors({});
      try {
        const session = await api.signIn({ email: value.email.trim(), password: value.password });
        signedIn(session, messages.loginSuccess, redirect);
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
    <AuthCard title="Login">
      {googleFailed ? (
        <p role="alert" className="mb-4 rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm font-medium text-red-800">
          {messages.googleSignInFailed}
        </p>
      ) : null}
      <form
        noValidate
        className="space-y-4"
        onSubmit={(event) => {
          event.preventDefault();
          void form.handleSubmit();
        }}
      >
        <form.Field name="email" validators={checkOnChangeBlurSubmit(validateWith(emailField))}>
          {(field) => (
            <Field id="login-email" label="Email" error={fieldError(field) ?? serverErrors.email}>
              {(control) => (
                <Input
                  {...control}
                  type="email"
                  autoComplete="email"
                  value={field.state.value}
                  onChange={(event) => field.handleChange(event.target.value)}
                  onBlur={checkOnBlur(field)}
                />
              )}
            </Field>
          )}
        </form.Field>
        <form.Field name="password" validators={checkOnChangeBlurSubmit(validateWith(passwordField))}>
          {(field) => (
            <Field id="login-password" label="Password" error={fieldError(field) ?? serverErrors.password}>
              {(control) => (
                <PasswordInput
                  control={control}
                  value={field.state.value}
                  onChange={field.handleChange}
                  onBlur={checkOnBlur(field)}
                  autoComplete="current-password"
                />
              )}
            </Field>
          )}
        </form.Field>
        <div className="text-right text-sm">
          <Link to="/resetPassword" className={linkClass}>
            {labels.forgotPassword}
          </Link>
        </div>
        <form.Subscribe selector={(state) => state.isSubmitting}>
          {(submitting) => (
            <Button type="submit" variant="secondary" className="w-full" disabled={submitting}>
              Login
            </Button>
          )}
        </form.Subscribe>
      </form>
      <p className="mt-4 text-center text-sm text-slate-700">
        New to Bulkhead?{' '}
        <Link to="/signUp" search={{ redirect }} className={linkClass}>
          Register
        </Link>
      </p>
      <OrDivider />
      <GoogleButton returnTo={redirect ?? '/'} />
    </AuthCard>
  );
}
