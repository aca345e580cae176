import { Link } from '@tanstack/react-router';
import { useState, type ReactNode } from 'react';
import { webMessages } from '../../lib/web-messages.ts';
import { labels } from '../../lib/labels.ts';
import { emailProblem } from '#domain/identity/credentials-rules.ts';
import { useConfirmPasswordReset, useRequestPasswordReset } from './api.ts';
import { errorMessage, refusalCode } from '../../lib/error-message.ts';
import { usePageMeta } from '../../lib/page-meta.ts';
import { checkOnChangeBlurSubmit, checkWith } from '../../lib/validate.ts';
import { submitWithoutReload } from '../../components/forms/submit-without-reload.ts';
import { useAppForm } from '../../components/forms/form-hook.tsx';
import { buttonClass } from '../../components/ui/button.tsx';
import { notify } from '../../components/ui/toaster.tsx';
import { AuthCard } from '../../components/layout/auth-card.tsx';
import { confirmPasswordValidators, passwordValidators } from './password-checks.ts';
import { showRefusal } from '../../components/forms/server-refusal.ts';

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
  usePageMeta(labels.resetPassword, webMessages.resetEmailIntro);
  return <AuthCard title={labels.resetPassword}>{token === undefined ? <RequestResetForm /> : <NewPasswordForm token={token} />}</AuthCard>;
}

function RequestResetForm() {
  const [sent, setSent] = useState(false);
  const requestReset = useRequestPasswordReset();
  const form = useAppForm({
    defaultValues: { email: '' },
    onSubmit: async ({ value, formApi }) => {
      try {
        await requestReset.mutateAsync({ email: value.email.trim() });
        setSent(true);
        notify.success(webMessages.resetEmailSent);
      } catch (error) {
        showRefusal(formApi, error);
      }
    },
  });

  if (sent) {
    return (
      <OutcomePanel message={webMessages.resetEmailSent}>
        <Link to="/login" className={linkClass}>
          Back to Login
        </Link>
      </OutcomePanel>
    );
  }
  return (
    <form noValidate className="space-y-4" onSubmit={submitWithoutReload(form)}>
      <p className="text-sm text-slate-700">{webMessages.resetEmailIntro}</p>
      <form.AppField name="email" validators={checkOnChangeBlurSubmit(checkWith(emailProblem))}>
        {(field) => <field.TextField id="reset-email" label="Email" type="email" autoComplete="email" />}
      </form.AppField>
      <form.AppForm>
        <form.SubmitButton variant="secondary" className="w-full">
          {labels.resetPassword}
        </form.SubmitButton>
      </form.AppForm>
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
  const confirmReset = useConfirmPasswordReset();
  const [outcome, setOutcome] = useState<Outcome>(null);
  const form = useAppForm({
    defaultValues: { password: '', confirmPassword: '' },
    onSubmit: async ({ value, formApi }) => {
      try {
        await confirmReset.mutateAsync({ token, password: value.password });
        setOutcome({ kind: 'changed' });
      } catch (error) {
        if (refusalCode(error) === 'LINK_INVALID') {
          setOutcome({ kind: 'link-refused', message: errorMessage(error) });
        } else {
          showRefusal(formApi, error);
        }
      }
    },
  });

  if (outcome?.kind === 'changed') {
    return (
      <OutcomePanel message={webMessages.passwordChanged}>
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
      <p className="text-sm text-slate-700">{webMessages.newPasswordIntro}</p>
      <form.AppField name="password" validators={passwordValidators}>
        {(field) => <field.PasswordField id="reset-password" label="New Password" autoComplete="new-password" />}
      </form.AppField>
      <form.AppField name="confirmPassword" validators={confirmPasswordValidators}>
        {(field) => <field.ConfirmPasswordField id="reset-confirm-password" />}
      </form.AppField>
      <form.AppForm>
        <form.SubmitButton variant="secondary" className="w-full">
          {labels.setNewPassword}
        </form.SubmitButton>
      </form.AppForm>
    </form>
  );
}
