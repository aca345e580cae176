import { useForm } from '@tanstack/react-form';
import { Link } from '@tanstack/react-router';
import { messages } from '#domain/messages.ts';
import { emailField, nameField } from '#http/schemas.ts';
import { api } from '../../lib/api.ts';
import { usePageMeta } from '../../lib/page-meta.ts';
import { checkOnChangeBlurSubmit, validateWith } from '../../lib/validate.ts';
import { submitWithoutReload } from '../../components/forms/submit-without-reload.ts';
import { TextField } from '../../components/forms/text-field.tsx';
import { Button } from '../../components/ui/button.tsx';
import { AuthCard, OrDivider } from './auth-card.tsx';
import { GoogleButton } from './google-button.tsx';
import { ConfirmPasswordField, confirmPasswordValidators, PasswordField, passwordValidators } from './password-fields.tsx';
import { useServerRefusal } from './use-server-refusal.ts';
import { useSignedIn } from './use-signed-in.ts';

export function SignUpPage({ redirect }: { redirect: string | undefined }) {
  usePageMeta('Sign Up', 'Create a Bulkhead account to order hardware parts and tools in bulk.');
  const signedIn = useSignedIn();
  const { serverErrors, clearServerErrors, showRefusal } = useServerRefusal();
  const form = useForm({
    defaultValues: { name: '', email: '', password: '', confirmPassword: '' },
    onSubmit: async ({ value }) => {
      clearServerErrors();
      try {
        const session = await api.signUp({ name: value.name.trim(), email: value.email.trim(), password: value.password });
        signedIn(session, messages.signUpSuccess, redirect);
      } catch (error) {
        showRefusal(error);
      }
    },
  });

  return (
    <AuthCard title="Sign Up">
      <form noValidate className="space-y-4" onSubmit={submitWithoutReload(form)}>
        <form.Field name="name" validators={checkOnChangeBlurSubmit(validateWith(nameField))}>
          {(field) => <TextField field={field} id="signup-name" label="Name" autoComplete="name" serverError={serverErrors.name} />}
        </form.Field>
        <form.Field name="email" validators={checkOnChangeBlurSubmit(validateWith(emailField))}>
          {(field) => <TextField field={field} id="signup-email" label="Email" type="email" autoComplete="email" serverError={serverErrors.email} />}
        </form.Field>
        <form.Field name="password" validators={passwordValidators}>
          {(field) => <PasswordField field={field} id="signup-password" label="Password" autoComplete="new-password" serverError={serverErrors.password} />}
        </form.Field>
        <form.Field name="confirmPassword" validators={confirmPasswordValidators}>
          {(field) => <ConfirmPasswordField field={field} id="signup-confirm-password" />}
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
