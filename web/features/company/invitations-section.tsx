/**
 * Invitations (docs/companies.md, "Companies and members"): a manager invites by e-mail with a
 * role and a limit; the invited person gets a link valid 7 days. Pending invitations can be revoked.
 */
import { useQuery } from '@tanstack/react-query';
import { emailProblem } from '#domain/identity/credentials-rules.ts';
import { refusalOf } from '../../lib/error-message.ts';
import { formatCents, formatDate } from '../../lib/format.ts';
import { checkWith } from '../../lib/validate.ts';
import { useAppForm } from '../../components/forms/form-hook.tsx';
import { showRefusal } from '../../components/forms/server-refusal.ts';
import { submitWithoutReload } from '../../components/forms/submit-without-reload.ts';
import { DialogRefusal, useRefusableDialog } from '../../components/forms/dialog-refusal.tsx';
import { DashboardSection } from '../../components/layout/dashboard-section.tsx';
import { Button } from '../../components/ui/button.tsx';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { FormDialog, FormDialogActions } from '../../components/ui/form-dialog.tsx';
import { notify } from '../../components/ui/toaster.tsx';
import { invitationsQuery, useCompanyChanges } from './api.ts';
import { optionalCents, optionalCentsProblem } from './money-field.ts';
import { ROLE_OPTIONS } from './members-section.tsx';
import type { CompanyRole } from '../../components/company/types.ts';

export function InvitationsSection() {
  const { data, isPending } = useQuery(invitationsQuery);
  const { revoke } = useCompanyChanges();
  const items = data?.items ?? [];
  return (
    <DashboardSection id="invitations" title="Invitations">
      <div className="mb-4">
        <InviteDialog />
      </div>
      {isPending ? (
        <p className="text-sm text-slate-600">Loading invitations…</p>
      ) : items.length === 0 ? (
        <p className="text-sm text-slate-700">No invitation is waiting for an answer.</p>
      ) : (
        <ul aria-label="Pending invitations" className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
          {items.map((invitation) => (
            <li key={invitation.id} className="flex flex-col gap-2 p-4 sm:flex-row sm:items-center sm:justify-between">
              <div className="min-w-0">
                <p className="font-medium break-all text-slate-900">{invitation.email}</p>
                <p className="text-sm text-slate-600">
                  {invitation.role === 'manager' ? 'Manager' : 'Buyer'} ·{' '}
                  {invitation.monthlyLimitCents === null ? 'no limit' : `${formatCents(invitation.monthlyLimitCents)} a month`} · link valid until{' '}
                  {formatDate(invitation.expiresAt)}
                </p>
              </div>
              <ConfirmDialog
                trigger={
                  <Button variant="ghost" aria-label={`Revoke the invitation of ${invitation.email}`}>
                    Revoke
                  </Button>
                }
                description={`The link sent to ${invitation.email} stops working.`}
                confirmLabel="Revoke"
                onConfirm={() =>
                  revoke.mutate(invitation.id, {
                    onSuccess: () => notify.success(`The invitation of ${invitation.email} was revoked`),
                    onError: (error) => notify.error(refusalOf(error).message),
                  })
                }
              />
            </li>
          ))}
        </ul>
      )}
    </DashboardSection>
  );
}

function InviteDialog() {
  const { open, setOpen, refusal, setRefusal, onOpenChangeResetting } = useRefusableDialog();
  const { invite } = useCompanyChanges();
  const form = useAppForm({
    defaultValues: { email: '', role: 'buyer' as string, limit: '' },
    onSubmit: async ({ value, formApi }) => {
      setRefusal(null);
      try {
        const email = value.email.trim();
        await invite.mutateAsync({ email, role: value.role as CompanyRole, monthlyLimitCents: optionalCents(value.limit) ?? null });
        notify.success(`Invitation sent to ${email}`);
        setOpen(false);
      } catch (error) {
        showRefusal(formApi, error, { rename: { monthlyLimitCents: 'limit' } });
        setRefusal(refusalOf(error).message);
      }
    },
  });
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChangeResetting(() => form.reset())}
      trigger={<Button>Invite a member</Button>}
      title="Invite a member"
      description="We e-mail them a link valid for 7 days; they join once they sign in with this address."
    >
      <form noValidate className="mt-4 space-y-4" onSubmit={submitWithoutReload(form)}>
        <DialogRefusal message={refusal} />
        <form.AppField name="email" validators={{ onChange: checkWith(emailProblem) }}>
          {(field) => <field.TextField id="invite-email" type="email" label="E-mail" autoComplete="off" />}
        </form.AppField>
        <form.AppField name="role">{(field) => <field.SelectField id="invite-role" label="Role" options={ROLE_OPTIONS} />}</form.AppField>
        <form.AppField name="limit" validators={{ onChange: optionalCentsProblem }}>
          {(field) => <field.NumberField decimal id="invite-limit" label="Monthly limit ($)" hint="Leave empty: no limit." />}
        </form.AppField>
        <FormDialogActions>
          <form.AppForm>
            <form.SubmitButton>Send invitation</form.SubmitButton>
          </form.AppForm>
        </FormDialogActions>
      </form>
    </FormDialog>
  );
}
