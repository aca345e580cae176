import { useForm } from '@tanstack/react-form';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState, type ReactNode } from 'react';
import { labels, messages } from '#domain/messages.ts';
import { emailField } from '#http/schemas.ts';
import { api, ApiError } from '../../lib/api.ts';
import { usePageMeta } from '../../lib/page-meta.ts';
import { switchSession } from '../../lib/queries.ts';
import { checkOnChangeBlurSubmit, validateWith } from '../../lib/validate.ts';
import { submitWithoutReload } from '../../components/forms/submit-without-reload.ts';
import { TextField } from '../../components/forms/text-field.tsx';
import { Button, buttonClass } from '../../components/ui/button.tsx';
import { notify } from '../../components/ui/toaster.tsx';
import { AuthCard } from './auth-card.tsx';
import { ConfirmPasswordField, confirmPasswordValidators, PasswordField, passwordValidators } from './password-fields.tsx';
import { useServerRefusal } from './use-server-refusal.ts';

const linkClass = 'font-semibold text-amber-800 underline hover:text-amber-950 focus-visible:ring-2 focus-visible:ring-amber-500 focus-visible:outline-none rounded';

/** A finished step in place of its form: the result, announced (as an alert when it failed), and the link onward. */
function OutcomePanel({ message, failed = false, children }: { message: string; failed?: boolean; children: ReactNode }) {
  return (
    <div className="space-y-5 text-center">
      <p role={failed ? 'alert' : 'status'} className={failed ? 'font-semibold text-red-700' : 'font-semibold text-emerald-800'}>
        {message}
      </p>
      {children}
    </div>
  );
}

/** `/resetPassword` asks for the e-mail; the e-mailed `/resetPassword?token=…` sets the new password. */
export function ResetPasswordPage({ token }: { token: string | undefined }) {
  usePageMeta(labels.resetPassword, messages.resetEmailIntro);
  return <AuthCard title={labels.resetPassword}>{token === undefined ? <RequestResetForm /> : <NewPasswordForm token={token} />}</AuthCard>;
}

function RequestResetForm() {
  const [sent, setSent] = useState(false);
  const { serverErrors, clearServerErrors, showRefusal } = useServerRefusal();
  const form = useForm({
    defaultValues: { email: '' },
    onSubmit: async ({ value }) => {
      clearServerErrors();
      try {
        // The answer is the same whether or not the account exists (no account enumeration).
        await api.requestPasswordReset({ email: value.email.trim() });
        setSent(true);
        notify.success(messages.resetEmailSent);
      } catch (error) {
        showRefusal(error);
      }
    },
  });

  if (sent) {
    return (
      <OutcomePanel message={messages.resetEmailSent}>
        <Link to="/login" className={linkClass}>
          Back to Login
        </Link>
      </OutcomePanel>
    );
  }
  return (
    <form noValidate className="space-y-4" onSubmit={submitWithoutReload(form)}>
      <p className="text-sm text-slate-700">{messages.resetEmailIntro}</p>
      <form.Field name="email" validators={checkOnChangeBlurSubmit(validateWith(emailField))}>
        {(field) => <TextField field={field} id="reset-email" label="Email" type="email" autoComplete="email" serverError={serverErrors.email} />}
      </form.Field>
      <form.Subscribe selector={(state) => state.isSubmitting}>
        {(submitting) => (
          <Button type="submit" variant="secondary" className="w-full" disabled={submitting} aria-busy={submitting}>
            {labels.resetPassword}
          </Button>
        )}
      </form.Subscribe>
      <p className="text-center text-sm">
        <Link to="/login" className={linkClass}>
          Back to Login
        </Link>
      </p>
    </form>
  );
}

type Outcome = { kind: 'changed' } | { kind: 'link-refused'; message: string } | null;

function NewPasswordForm({ token }: { token: string }) {
  const queryClient = useQueryClient();
  const [outcome, setOutcome] = useState<Outcome>(null);
  const { serverErrors, clearServerErrors, showRefusal } = useServerRefusal();
  const form = useForm({
    defaultValues: { password: '', confirmPassword: '' },
    onSubmit: async ({ value }) => {
      clearServerErrors();
      try {
        await api.confirmPasswordReset({ token, password: value.password });
        // The server ended every session, this browser's too: show the visitor's navbar.
        switchSession(queryClient, null);
        setOutcome({ kind: 'changed' });
      } catch (error) {
        if (error instanceof ApiError && error.code === 'LINK_INVALID') {
          setOutcome({ kind: 'link-refused', message: error.message });
        } else {
          showRefusal(error);
        }
      }
    },
  });

  if (outcome?.kind === 'changed') {
    return (
      <OutcomePanel message={messages.passwordChanged}>
        <Link to="/login" className={buttonClass('secondary')}>
          Login
        </Link>
      </OutcomePanel>
    );
  }
  if (outcome?.kind === 'link-refused') {
    return (
      <OutcomePanel message={outcome.message} failed>
        {/* Leaving the token behind shows the e-mail form again. */}
        <Link to="/resetPassword" search={{}} className={buttonClass('secondary')}>
          {labels.requestNewLink}
        </Link>
      </OutcomePanel>
    );
  }
  return (
    <form noValidate className="space-y-4" onSubmit={submitWithoutReload(form)}>
      <p className="text-sm text-slate-700">{messages.newPasswordIntro}</p>
      <form.Field name="password" validators={passwordValidators}>
        {(field) => <PasswordField field={field} id="reset-password" label="New Password" autoComplete="new-password" serverError={serverErrors.password} />}
      </form.Field>
      <form.Field name="confirmPassword" validators={confirmPasswordValidators}>
        {(field) => <ConfirmPasswordField field={field} id="reset-confirm-password" />}
      </form.Field>
      <form.Subscribe selector={(state) => state.isSubmitting}>
        {(submitting) => (
          <Button type="submit" variant="secondary" className="w-full" disabled={submitting} aria-busy={submitting}>
            {labels.setNewPassword}
          </Button>
        )}
      </form.Subscribe>
    </form>
  );
}
