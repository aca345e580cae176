/**
 * The company's sites (docs/companies.md, "Sites"): ship-to addresses any member picks at
 * checkout; managers add, edit and delete them (at most 50).
 */
import { phoneProblem } from '#domain/shared/phone.ts';
import { refusalOf } from '../../lib/error-message.ts';
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
import { useCompanyChanges } from './api.ts';
import { requiredProblem } from './money-field.ts';
import type { CompanyAddressDto, CompanyViewDto } from '../../components/company/types.ts';

export function SitesSection({ view }: { view: CompanyViewDto }) {
  const manager = view.role === 'manager';
  const { removeAddress } = useCompanyChanges();
  return (
    <DashboardSection id="sites" title="Sites">
      {manager ? (
        <div className="mb-4">
          <SiteDialog />
        </div>
      ) : null}
      {view.addresses.length === 0 ? (
        <p className="text-sm text-slate-700">
          No site yet. {manager ? 'Add the addresses you have orders delivered to; every member can pick them at checkout.' : 'A manager can add them.'}
        </p>
      ) : (
        <ul aria-label="Sites" className="grid gap-3 sm:grid-cols-2">
          {view.addresses.map((site) => (
            <li key={site.id}>
              <article className="h-full rounded-lg border border-slate-200 bg-white p-4">
                <h3 className="font-semibold break-words text-slate-900">{site.label}</h3>
                <p className="mt-1 text-sm break-words whitespace-pre-line text-slate-700">
                  {site.recipient}
                  {'\n'}
                  {site.address}
                  {'\n'}
                  {site.phone}
                </p>
                {manager ? (
                  <div className="mt-3 flex flex-wrap gap-2">
                    <SiteDialog site={site} />
                    <ConfirmDialog
                      trigger={
                        <Button variant="ghost" aria-label={`Delete site ${site.label}`}>
                          Delete
                        </Button>
                      }
                      description={`${site.label} is no longer offered at checkout. Orders already sent there keep their address.`}
                      confirmLabel="Delete"
                      onConfirm={() =>
                        removeAddress.mutate(site.id, {
                          onSuccess: () => notify.success(`${site.label} was deleted`),
                          onError: (error) => notify.error(refusalOf(error).message),
                        })
                      }
                    />
                  </div>
                ) : null}
              </article>
            </li>
          ))}
        </ul>
      )}
    </DashboardSection>
  );
}

/** Add a site, or edit `site` when given. */
function SiteDialog({ site }: { site?: CompanyAddressDto }) {
  const { open, setOpen, refusal, setRefusal, onOpenChangeResetting } = useRefusableDialog();
  const { addAddress, editAddress } = useCompanyChanges();
  const form = useAppForm({
    defaultValues: { label: site?.label ?? '', recipient: site?.recipient ?? '', phone: site?.phone ?? '', address: site?.address ?? '' },
    onSubmit: async ({ value, formApi }) => {
      setRefusal(null);
      const fields = { label: value.label.trim(), recipient: value.recipient.trim(), phone: value.phone.trim(), address: value.address.trim() };
      try {
        if (site) await editAddress.mutateAsync({ id: site.id, ...fields });
        else await addAddress.mutateAsync(fields);
        notify.success(`${fields.label} was saved`);
        setOpen(false);
      } catch (error) {
        showRefusal(formApi, error);
        setRefusal(refusalOf(error).message);
      }
    },
  });
  const id = (name: string) => `site-${site?.id ?? 'new'}-${name}`;
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChangeResetting(() => form.reset())}
      trigger={
        site ? (
          <Button variant="secondary" aria-label={`Edit site ${site.label}`}>
            Edit
          </Button>
        ) : (
          <Button>Add a site</Button>
        )
      }
      title={site ? `Edit ${site.label}` : 'Add a site'}
      description="Members pick it at checkout to fill the delivery address and phone."
    >
      <form noValidate className="mt-4 space-y-4" onSubmit={submitWithoutReload(form)}>
        <DialogRefusal message={refusal} />
        <form.AppField name="label" validators={{ onChange: requiredProblem('site name', 100) }}>
          {(field) => <field.TextField id={id('label')} label="Site name" placeholder="Riverside depot" />}
        </form.AppField>
        <form.AppField name="recipient" validators={{ onChange: requiredProblem('recipient', 200) }}>
          {(field) => <field.TextField id={id('recipient')} label="Recipient" autoComplete="off" />}
        </form.AppField>
        <form.AppField name="phone" validators={{ onChange: checkWith(phoneProblem) }}>
          {(field) => <field.TextField id={id('phone')} type="tel" label="Phone" autoComplete="off" />}
        </form.AppField>
        <form.AppField name="address" validators={{ onChange: requiredProblem('address', 500) }}>
          {(field) => <field.TextareaField id={id('address')} label="Address" rows={3} />}
        </form.AppField>
        <FormDialogActions>
          <form.AppForm>
            <form.SubmitButton>Save site</form.SubmitButton>
          </form.AppForm>
        </FormDialogActions>
      </form>
    </FormDialog>
  );
}
