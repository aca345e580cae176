/**
 * The company page (docs/companies.md, "The shop's company pages"): without a company, the form
 * that creates one; with one, the company card, the caller's own limit and spending, the members,
 * the invitations, the sites, the approvals queue and the company's orders. Managers change
 * things; buyers read.
 */
import { useQuery } from '@tanstack/react-query';
import { refusalOf } from '../../lib/error-message.ts';
import { formatCents } from '../../lib/format.ts';
import { usePageMeta } from '../../lib/page-meta.ts';
import { useAppForm } from '../../components/forms/form-hook.tsx';
import { showRefusal } from '../../components/forms/server-refusal.ts';
import { submitWithoutReload } from '../../components/forms/submit-without-reload.ts';
import { DialogRefusal, useRefusableDialog } from '../../components/forms/dialog-refusal.tsx';
import { DashboardSection } from '../../components/layout/dashboard-section.tsx';
import { Button } from '../../components/ui/button.tsx';
import { FormDialog, FormDialogActions } from '../../components/ui/form-dialog.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { notify } from '../../components/ui/toaster.tsx';
import { myCompanyQuery, useCompanyChanges } from './api.ts';
import { centsText, optionalCents, optionalCentsProblem, requiredProblem } from './money-field.ts';
import { MembersSection } from './members-section.tsx';
import { InvitationsSection } from './invitations-section.tsx';
import { SitesSection } from './sites-section.tsx';
import { ApprovalsQueue, CompanyOrders } from './company-orders.tsx';
import { Spending } from './spending.tsx';
import type { CompanyViewDto } from '../../components/company/types.ts';

export function CompanyPage() {
  usePageMeta('Company', 'Your company on Bulkhead: members, limits, sites and approvals.');
  const { data: view, isPending, error } = useQuery(myCompanyQuery);
  if (isPending) return <Spinner label="Loading your company" />;
  if (error) return <p role="alert">{refusalOf(error).message}</p>;
  if (view === null) return <CreateCompany />;
  const manager = view.role === 'manager';
  return (
    <div className="space-y-10">
      <CompanyCard view={view} />
      <DashboardSection id="my-limit" title="Your spending">
        <div className="rounded-lg border border-slate-200 bg-white p-4">
          <p className="mb-2 text-sm text-slate-700">
            You are a <strong>{view.role}</strong>.{' '}
            {manager ? 'Your own orders never wait for approval.' : 'An order past your monthly limit, or at the approval threshold, waits for a manager.'}
          </p>
          <Spending spentCents={view.me.spentThisMonthCents} limitCents={view.me.monthlyLimitCents} label="Your spending this month" />
        </div>
      </DashboardSection>
      {manager ? <ApprovalsQueue /> : null}
      <MembersSection view={view} />
      {manager ? <InvitationsSection /> : null}
      <SitesSection view={view} />
      <CompanyOrders view={view} />
    </div>
  );
}

/** No company yet: create one and become its first manager. */
function CreateCompany() {
  const { create } = useCompanyChanges();
  const form = useAppForm({
    defaultValues: { name: '', taxId: '' },
    onSubmit: async ({ value, formApi }) => {
      try {
        const taxId = value.taxId.trim();
        const view = await create.mutateAsync({ name: value.name.trim(), ...(taxId ? { taxId } : {}) });
        notify.success(`${view.company.name} was created; you are its manager`);
      } catch (error) {
        showRefusal(formApi, error);
      }
    },
  });
  return (
    <DashboardSection id="create-company" title="Create a company">
      <p className="mb-4 max-w-prose text-sm text-slate-700">
        Order as a company: invite your buyers, give each a monthly limit, keep your sites for delivery, and approve the larger orders. You become the
        company&apos;s first manager.
      </p>
      <form noValidate className="max-w-md space-y-4 rounded-lg border border-slate-200 bg-white p-4" onSubmit={submitWithoutReload(form)}>
        <form.AppField name="name" validators={{ onChange: requiredProblem('company name', 200) }}>
          {(field) => <field.TextField id="company-name" label="Company name" autoComplete="organization" />}
        </form.AppField>
        <form.AppField name="taxId">{(field) => <field.TextField id="company-tax-id" label="Tax ID (optional)" hint="Printed on your invoices." />}</form.AppField>
        <form.AppForm>
          <form.SubmitButton>Create company</form.SubmitButton>
        </form.AppForm>
      </form>
    </DashboardSection>
  );
}

function CompanyCard({ view }: { view: CompanyViewDto }) {
  const { company } = view;
  return (
    <section aria-labelledby="company-heading" className="rounded-lg border border-slate-200 bg-white p-4 sm:p-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <p className="text-xs font-semibold tracking-wide text-slate-600 uppercase">Company</p>
          <h2 id="company-heading" className="text-2xl font-bold break-words text-slate-900">
            {company.name}
          </h2>
        </div>
        {view.role === 'manager' ? <EditCompanyDialog view={view} /> : null}
      </div>
      <dl className="mt-4 grid gap-3 text-sm sm:grid-cols-3">
        <div>
          <dt className="text-slate-600">Tax ID</dt>
          <dd className="font-medium text-slate-900">{company.taxId ?? 'None'}</dd>
        </div>
        <div>
          <dt className="text-slate-600">Approval threshold</dt>
          <dd className="font-medium text-slate-900">{company.approvalThresholdCents === null ? 'None' : `Orders of ${formatCents(company.approvalThresholdCents)} or more`}</dd>
        </div>
        <div>
          <dt className="text-slate-600">Contract discount</dt>
          <dd className="font-medium text-slate-900">{company.discountPercent > 0 ? `${company.discountPercent}% off list prices` : 'List prices'}</dd>
        </div>
      </dl>
    </section>
  );
}

function EditCompanyDialog({ view }: { view: CompanyViewDto }) {
  const { open, setOpen, refusal, setRefusal, onOpenChangeResetting } = useRefusableDialog();
  const { update } = useCompanyChanges();
  const { company } = view;
  const form = useAppForm({
    defaultValues: { name: company.name, taxId: company.taxId ?? '', threshold: centsText(company.approvalThresholdCents) },
    onSubmit: async ({ value, formApi }) => {
      setRefusal(null);
      try {
        await update.mutateAsync({ name: value.name.trim(), taxId: value.taxId.trim() || null, approvalThresholdCents: optionalCents(value.threshold) ?? null });
        notify.success('Company saved');
        setOpen(false);
      } catch (error) {
        showRefusal(formApi, error, { rename: { approvalThresholdCents: 'threshold' } });
        setRefusal(refusalOf(error).message);
      }
    },
  });
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChangeResetting(() => form.reset())}
      trigger={<Button variant="secondary">Edit company</Button>}
      title="Edit company"
      description="Its name and tax ID appear on invoices; orders at or above the threshold wait for a manager's approval."
    >
      <form noValidate className="mt-4 space-y-4" onSubmit={submitWithoutReload(form)}>
        <DialogRefusal message={refusal} />
        <form.AppField name="name" validators={{ onChange: requiredProblem('company name', 200) }}>
          {(field) => <field.TextField id="edit-company-name" label="Company name" autoComplete="organization" />}
        </form.AppField>
        <form.AppField name="taxId">{(field) => <field.TextField id="edit-company-tax-id" label="Tax ID" hint="Leave empty for none." />}</form.AppField>
        <form.AppField name="threshold" validators={{ onChange: optionalCentsProblem }}>
          {(field) => <field.NumberField decimal id="edit-company-threshold" label="Approval threshold ($)" hint="Leave empty: no threshold." />}
        </form.AppField>
        <FormDialogActions>
          <form.AppForm>
            <form.SubmitButton>Save company</form.SubmitButton>
          </form.AppForm>
        </FormDialogActions>
      </form>
    </FormDialog>
  );
}
