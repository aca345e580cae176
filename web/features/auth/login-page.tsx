import { Link } from '@tanstack/react-router';
import { messages } from '../../lib/messages.ts';
import { labels } from '../../lib/labels.ts';
import { emailProblem } from '#domain/identity/credentials-rules.ts';
import { useSignIn } from './api.ts';
import { usePageMeta } from '../../lib/page-meta.ts';
import { checkOnChangeBlurSubmit, checkWith } from '../../lib/validate.ts';
import { submitWithoutReload } from '../../components/forms/submit-without-reload.ts';
import { useAppForm } from '../../components/forms/form-hook.tsx';
import { AuthCard } from '../../components/layout/auth-card.tsx';
import { GoogleButton } from './google-button.tsx';
import { passwordValidators } from './password-checks.ts';
import { showRefusal } from '../../components/forms/server-refusal.ts';
import { landingFor, useSignedIn } from './use-signed-in.ts';

const linkClass = 'font-semibold text-amber-800 underline hover:text-amber-950 focus-visible:ring-2 focus-visible:ring-amber-500 focus-visible:outline-none rounded';

export function LoginPage({ redirect, googleFailed = false }: { redirect: string | undefined; googleFailed?: boolean }) {
  usePageMeta('Login', 'Sign in to Bulkhead to order hardware in bulk, pay and track your orders.');
  const signedIn = useSignedIn();
  const signIn = useSignIn();
  const form = useAppForm({
    defaultValues: { email: '', password: '' },
    onSubmit: async ({ value, formApi }) => {
      try {
        const session = await signIn.mutateAsync({ email: value.email.trim(), password: value.password });
        signedIn(messages.loginSuccess, landingFor(session.user, redirect));
      } catch (error) {
        showRefusal(formApi, error);
      }
    },
  });

  return (
    <AuthCard title="Login">
      {/* Say why the visitor is here when a page sent them (ordering a product, a signed-in page). */}
      {redirect ? (
        <p role="status" className="mb-4 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-slate-900">
          {redirect.startsWith('/product/') ? labels.signInToOrder : labels.signInToContinue}
        </p>
      ) : null}
      {googleFailed ? (
        <p role="alert" className="mb-4 rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm font-medium text-red-800">
          {messages.googleSignInFailed}
        </p>
      ) : null}
      <form noValidate className="space-y-4" onSubmit={submitWithoutReload(form)}>
        <form.AppField name="email" validators={checkOnChangeBlurSubmit(checkWith(emailProblem))}>
          {(field) => <field.TextField id="login-email" label="Email" type="email" autoComplete="email" />}
        </form.AppField>
        <form.AppField name="password" validators={passwordValidators}>
          {(field) => <field.PasswordField id="login-password" label="Password" autoComplete="current-password" />}
        </form.AppField>
        <div className="text-right text-sm">
          <Link to="/resetPassword" className={linkClass}>
            {labels.forgotPassword}
          </Link>
        </div>
        <form.AppForm>
          <form.SubmitButton variant="secondary" className="w-full">
            Login
          </form.SubmitButton>
        </form.AppForm>
      </form>
      <p className="mt-4 text-center text-sm text-slate-700">
        New to Bulkhead?{' '}
        <Link to="/signUp" search={{ redirect }} className={linkClass}>
          Register
        </Link>
      </p>
      <GoogleButton returnTo={redirect} />
    </AuthCard>
  );
}
