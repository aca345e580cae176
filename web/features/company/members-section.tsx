/**
 * The company's members (docs/companies.md, "Companies and members"): a manager sees each one's
 * e-mail, role, monthly limit and spending, changes role and limit, and removes members; anyone
 * can leave. The server refuses leaving the company without a manager (LAST_MANAGER); its words
 * show above the list.
 */
import { useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { refusalOf } from '../../lib/error-message.ts';
import { useAppForm } from '../../components/forms/form-hook.tsx';
import { showRefusal } from '../../components/forms/server-refusal.ts';
import { submitWithoutReload } from '../../components/forms/submit-without-reload.ts';
import { DialogRefusal, useRefusableDialog } from '../../components/forms/dialog-refusal.tsx';
import { DashboardSection } from '../../components/layout/dashboard-section.tsx';
import { Button } from '../../components/ui/button.tsx';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { FormDialog, FormDialogActions } from '../../components/ui/form-dialog.tsx';
import { notify } from '../../components/ui/toaster.tsx';
import { useCompanyChanges } from './api.ts';
import { centsText, optionalCents, optionalCentsProblem } from './money-field.ts';
import { Spending } from './spending.tsx';
import { isFullMember, type CompanyMemberDto, type CompanyRole, type CompanyViewDto } from '../../components/company/types.ts';

export const ROLE_OPTIONS = [
  { value: 'buyer', label: 'Buyer' },
  { value: 'manager', label: 'Manager' },
] as const;

export function MembersSection({ view }: { view: CompanyViewDto }) {
  const [problem, setProblem] = useState<string | null>(null);
  const { removeMember } = useCompanyChanges();
  const navigate = useNavigate();
  const manager = view.role === 'manager';
  const remove = async (userId: string, name: string) => {
    setProblem(null);
    const leaving = userId === view.me.userId;
    try {
      await removeMember.mutateAsync(userId);
      notify.success(leaving ? `You left ${view.company.name}` : `${name} was removed from the company`);
      if (leaving) void navigate({ to: '/dashboard' });
    } catch (error) {
      const message = refusalOf(error).message;
      setProblem(message);
      notify.error(message);
    }
  };
  return (
    <DashboardSection id="members" title={`Members (${view.members.length})`}>
      {problem ? (
        <p role="alert" className="mb-3 rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-900">
          {problem}
        </p>
      ) : null}
      <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
        {view.members.map((member) => {
          const you = member.userId === view.me.userId;
          return (
            <li key={member.userId} className="flex flex-col gap-3 p-4 md:flex-row md:items-center">
              <div className="min-w-0 md:w-64">
                <p className="font-semibold break-words text-slate-900">
                  {member.name}
                  {you ? <span className="ml-2 text-xs font-normal text-slate-600">(you)</span> : null}
                </p>
                {isFullMember(member) ? <p className="text-sm break-all text-slate-600">{member.email}</p> : null}
              </div>
              <p className="md:w-24">
                <span className={`inline-block rounded-full px-2.5 py-1 text-xs font-bold ${member.role === 'manager' ? 'bg-slate-900 text-white' : 'bg-amber-100 text-amber-900'}`}>
                  {member.role === 'manager' ? 'Manager' : 'Buyer'}
                </span>
              </p>
              <div className="md:flex-1">
                {isFullMember(member) ? <Spending spentCents={member.spentThisMonthCents} limitCents={member.monthlyLimitCents} label={`${member.name}'s spending this month`} /> : null}
              </div>
              <div className="flex flex-wrap gap-2">
                {manager && isFullMember(member) ? <EditMemberDialog member={member} onRefused={setProblem} /> : null}
                {you ? (
                  <ConfirmDialog
                    trigger={<Button variant="ghost">Leave company</Button>}
                    description={`You stop ordering for ${view.company.name}, and lose its sites and prices.`}
                    confirmLabel="Leave"
                    onConfirm={() => void remove(member.userId, member.name)}
                  />
                ) : manager ? (
                  <ConfirmDialog
                    trigger={
                      <Button variant="ghost" aria-label={`Remove ${member.name}`}>
                        Remove
                      </Button>
                    }
                    description={`${member.name} stops ordering for ${view.company.name}.`}
                    confirmLabel="Remove"
                    onConfirm={() => void remove(member.userId, member.name)}
                  />
                ) : null}
              </div>
            </li>
          );
        })}
      </ul>
    </DashboardSection>
  );
}

function EditMemberDialog({ member, onRefused }: { member: CompanyMemberDto; onRefused: (message: string | null) => void }) {
  const { open, setOpen, refusal, setRefusal, onOpenChangeResetting } = useRefusableDialog();
  const { updateMember } = useCompanyChanges();
  const form = useAppForm({
    defaultValues: { role: member.role as string, limit: centsText(member.monthlyLimitCents) },
    onSubmit: async ({ value, formApi }) => {
      setRefusal(null);
      onRefused(null);
      try {
        await updateMember.mutateAsync({ userId: member.userId, role: value.role as CompanyRole, monthlyLimitCents: optionalCents(value.limit) ?? null });
        notify.success(`${member.name} was saved`);
        setOpen(false);
      } catch (error) {
        showRefusal(formApi, error, { rename: { monthlyLimitCents: 'limit' } });
        setRefusal(refusalOf(error).message);
      }
    },
  });
  const id = (name: string) => `member-${member.userId}-${name}`;
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChangeResetting(() => form.reset())}
      trigger={
        <Button variant="secondary" aria-label={`Edit ${member.name}`}>
          Edit
        </Button>
      }
      title={`Edit ${member.name}`}
      description="A manager approves orders and manages members and sites; a buyer orders within their monthly limit."
    >
      <form noValidate className="mt-4 space-y-4" onSubmit={submitWithoutReload(form)}>
        <DialogRefusal message={refusal} />
        <form.AppField name="role">{(field) => <field.SelectField id={id('role')} label="Role" options={ROLE_OPTIONS} />}</form.AppField>
        <form.AppField name="limit" validators={{ onChange: optionalCentsProblem }}>
          {(field) => <field.NumberField decimal id={id('limit')} label="Monthly limit ($)" hint="Leave empty: no limit." />}
        </form.AppField>
        <FormDialogActions>
          <form.AppForm>
            <form.SubmitButton>Save member</form.SubmitButton>
          </form.AppForm>
        </FormDialogActions>
      </form>
    </FormDialog>
  );
}
