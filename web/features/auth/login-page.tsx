import { useForm } from '@tanstack/react-form';
import { Link } from '@tanstack/react-router';
import { labels, messages } from '#domain/messages.ts';
import { emailField } from '#http/schemas.ts';
import { api } from '../../lib/api.ts';
import { usePageMeta } from '../../lib/page-meta.ts';
import { checkOnChangeBlurSubmit, validateWith } from '../../lib/validate.ts';
import { submitWithoutReload } from '../../components/forms/submit-without-reload.ts';
import { TextField } from '../../components/forms/text-field.tsx';
import { Button } from '../../components/ui/button.tsx';
import { AuthCard, OrDivider } from './auth-card.tsx';
import { GoogleButton } from './google-button.tsx';
import { PasswordField, passwordValidators } from './password-fields.tsx';
import { useServerRefusal } from './use-server-refusal.ts';
import { useSignedIn } from './use-signed-in.ts';

const linkClass = 'font-semibold text-amber-800 underline hover:text-amber-950 focus-visible:ring-2 focus-visible:ring-amber-500 focus-visible:outline-none rounded';

export function LoginPage({ redirect, googleFailed = false }: { redirect: string | undefined; googleFailed?: boolean }) {
  usePageMeta('Login', 'Sign in to Bulkhead to order hardware in bulk, pay and track your orders.');
  const signedIn = useSignedIn();
  const { serverErrors, clearServerErrors, showRefusal } = useServerRefusal();
  const form = useForm({
    defaultValues: { email: '', password: '' },
    onSubmit: async ({ value }) => {
      clearServerErrors();
      try {
        const session = await api.signIn({ email: value.email.trim(), password: value.password });
        signedIn(session, messages.loginSuccess, redirect);
      } catch (error) {
        showRefusal(error);
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
      <form noValidate className="space-y-4" onSubmit={submitWithoutReload(form)}>
        <form.Field name="email" validators={checkOnChangeBlurSubmit(validateWith(emailField))}>
          {(field) => <TextField field={field} id="login-email" label="Email" type="email" autoComplete="email" serverError={serverErrors.email} />}
        </form.Field>
        <form.Field name="password" validators={passwordValidators}>
          {(field) => <PasswordField field={field} id="login-password" label="Password" autoComplete="current-password" serverError={serverErrors.password} />}
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
