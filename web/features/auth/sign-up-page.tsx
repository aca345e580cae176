import { Link } from '@tanstack/react-router';
import { webMessages } from '../../lib/web-messages.ts';
import { emailProblem, nameProblem } from '#domain/identity/credentials-rules.ts';
import { useSignUp } from './api.ts';
import { usePageMeta } from '../../lib/page-meta.ts';
import { checkOnChangeBlurSubmit, checkWith } from '../../lib/validate.ts';
import { submitWithoutReload } from '../../components/forms/submit-without-reload.ts';
import { useAppForm } from '../../components/forms/form-hook.tsx';
import { AuthCard } from '../../components/layout/auth-card.tsx';
import { GoogleButton } from './google-button.tsx';
import { confirmPasswordValidators, passwordValidators } from './password-checks.ts';
import { showRefusal } from '../../components/forms/server-refusal.ts';
import { useSignedIn } from './use-signed-in.ts';

export function SignUpPage({ redirect }: { redirect: string | undefined }) {
  usePageMeta('Sign Up', 'Create a Bulkhead account to order hardware parts and tools in bulk.');
  const signedIn = useSignedIn();
  const signUp = useSignUp();
  const form = useAppForm({
    defaultValues: { name: '', email: '', password: '', confirmPassword: '' },
    onSubmit: async ({ value, formApi }) => {
      try {
        await signUp.mutateAsync({ name: value.name.trim(), email: value.email.trim(), password: value.password });
        signedIn(webMessages.signUpSuccess, redirect);
      } catch (error) {
        showRefusal(formApi, error);
      }
    },
  });

  return (
    <AuthCard title="Sign Up">
      <form noValidate className="space-y-4" onSubmit={submitWithoutReload(form)}>
        <form.AppField name="name" validators={checkOnChangeBlurSubmit(checkWith(nameProblem))}>
          {(field) => <field.TextField id="signup-name" label="Name" autoComplete="name" />}
        </form.AppField>
        <form.AppField name="email" validators={checkOnChangeBlurSubmit(checkWith(emailProblem))}>
          {(field) => <field.TextField id="signup-email" label="Email" type="email" autoComplete="email" />}
        </form.AppField>
        <form.AppField name="password" validators={passwordValidators}>
          {(field) => <field.PasswordField id="signup-password" label="Password" autoComplete="new-password" />}
        </form.AppField>
        <form.AppField name="confirmPassword" validators={confirmPasswordValidators}>
          {(field) => <field.ConfirmPasswordField id="signup-confirm-password" />}
        </form.AppField>
        <form.AppForm>
          <form.SubmitButton variant="secondary" className="w-full">
            Register
          </form.SubmitButton>
        </form.AppForm>
      </form>
      <p className="mt-4 text-center text-sm text-slate-700">
        Already have an account?{' '}
        <Link to="/login" search={{ redirect }} className="rounded font-semibold text-amber-800 underline hover:text-amber-950 focus-visible:ring-2 focus-visible:ring-amber-500 focus-visible:outline-none">
          Login
        </Link>
      </p>
      <GoogleButton returnTo={redirect} />
    </AuthCard>
  );
}
