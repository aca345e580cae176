import { useForm } from '@tanstack/react-form';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { labels, messages } from '#domain/messages.ts';
import { emailField, passwordField } from '#http/schemas.ts';
import { api, ApiError } from '../../lib/api.ts';
import { usePageMeta } from '../../lib/page-meta.ts';
import { sessionQuery } from '../../lib/queries.ts';
import { checkOnBlur, checkOnChangeBlurSubmit, fieldError, validateWith } from '../../lib/validate.ts';
import { Button, buttonClass } from '../../components/ui/button.tsx';
import { Field } from '../../components/ui/field.tsx';
import { Input } from '../../components/ui/input.tsx';
import { notify } from '../../components/ui/toaster.tsx';
import { AuthCard } from './auth-card.tsx';
import { PasswordInput } from './password-input.tsx';

const linkClass = 'font-semibold text-amber-800 underline hover:text-amber-950 focus-visible:ring-2 focus-visible:ring-amber-500 focus-visible:outline-none rounded';

/** Same rule as passwordResetFormSchema: present, then equal to the password. */
const confirmPasswordError = (confirm: string, password: string) =>
  confirm.length === 0 ? messages.confirmPasswordRequired : confirm !== password ? messages.passwordsDiffer : undefined;

/** `/resetPassword` asks for the e-mail; the e-mailed `/resetPassword?token=…` sets the new password. */
export function ResetPasswordPage({ token }: { token: string | undefined }) {
  usePageMeta(labels.resetPassword, messages.resetEmailIntro);
  return <AuthCard title={labels.resetPassword}>{token === undefined ? <RequestResetForm /> : <NewPasswordForm token={token} />}</AuthCard>;
}

function RequestResetForm() {
  const [sent, setSent] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const form = useForm({
    defaultValues: { email: '' },
    onSubmit: async ({ value }) => {
      setServerErrors({});
      try {
        // The answer is the same whether or not the account exists (no account enumeration).
        await api.requestPasswordReset({ email: value.email.trim() });
        setSent(true);
        notify.success(messages.resetEmailSent);
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

  if (sent) {
    return (
      <div className="space-y-5 text-center">
        <p role="status" className="font-semibold text-emerald-800">
          {messages.resetEmailSent}
        </p>
        <Link to="/login" className={linkClass}>
          Back to Login
        </Link>
      </div>
    );
  }
  return (
    <form
      noValidate
      className="space-y-4"
      onSubmit={(event) => {
        event.preventDefault();
        void form.handleSubmit();
      }}
    >
      <p className="text-sm text-slate-700">{messages.resetEmailIntro}</p>
      <form.Field name="email" validators={checkOnChangeBlurSubmit(validateWith(emailField))}>
        {(field) => (
          <Field id="reset-email" label="Email" error={fieldError(field) ?? serverErrors.email}>
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
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const form = useForm({
    defaultValues: { password: '', confirmPassword: '' },
    onSubmit: async ({ value }) => {
      setServerErrors({});
      try {
        await api.confirmPasswordReset({ token, password: value.password });
        // The server ended every session, this browser's too: show the visitor's navbar.
        queryClient.setQueryData(sessionQuery.queryKey, null);
        queryClient.removeQueries({ queryKey: ['orders'] });
        queryClient.removeQueries({ queryKey: ['admin'] });
        setOutcome({ kind: 'changed' });
      } catch (error) {
        if (error instanceof ApiError && error.code === 'LINK_INVALID') {
          setOutcome({ kind: 'link-refused', message: error.message });
        } else if (error instanceof ApiError) {
          setServerErrors(error.fields);
          notify.error(error.message);
        } else {
          notify.error(messages.serverError);
        }
      }
    },
  });

  if (outcome?.kind === 'changed') {
    return (
      <div className="space-y-5 text-center">
        <p role="status" className="font-semibold text-emerald-800">
          {messages.passwordChanged}
        </p>
        <Link to="/login" className={buttonClass('secondary')}>
          Login
        </Link>
      </div>
    );
  }
  if (outcome?.kind === 'link-refused') {
    return (
      <div className="space-y-5 text-center">
        <p role="alert" className="font-semibold text-red-700">
          {outcome.message}
        </p>
        {/* Leaving the token behind shows the e-mail form again. */}
        <Link to="/resetPassword" search={{}} className={buttonClass('secondary')}>
          {labels.requestNewLink}
        </Link>
      </div>
    );
  }
  return (
    <form
      noValidate
      className="space-y-4"
      onSubmit={(event) => {
        event.preventDefault();
        void form.handleSubmit();
      }}
    >
      <p className="text-sm text-slate-700">{messages.newPasswordIntro}</p>
      <form.Field name="password" validators={checkOnChangeBlurSubmit(validateWith(passwordField))}>
        {(field) => (
          <Field id="reset-password" label="New Password" error={fieldError(field) ?? serverErrors.password}>
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
          <Field id="reset-confirm-password" label="Confirm Password" error={fieldError(field)}>
            {(control) => (
              <Input {...control} type="password" autoComplete="new-password" value={field.state.value} onChange={(event) => field.handleChange(event.target.value)} onBlur={checkOnBlur(field)} />
            )}
          </Field>
        )}
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
