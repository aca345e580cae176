import { useRef, useState } from 'react';
import { labels } from '../../lib/labels.ts';
import { checkShippingDetails, type ShippingDetailsInput } from '#domain/ordering/shipping-details.ts';
import type { OrderDto } from '#http/dto.ts';
import { useAppForm } from '../../components/forms/form-hook.tsx';
import { showRefusal } from '../../components/forms/server-refusal.ts';
import { submitWithoutReload } from '../../components/forms/submit-without-reload.ts';
import { orderInWords } from '../../components/orders/order-cells.tsx';
import { Button } from '../../components/ui/button.tsx';
import { FormDialog, FormDialogActions } from '../../components/ui/form-dialog.tsx';
import { checkOnChangeBlurSubmit, checkWith } from '../../lib/validate.ts';
import { useShipOrder } from './api.ts';

/** One field's problem by the same rule the server applies (domain/ordering/shipping-details.ts). */
const shippingProblem = (field: keyof ShippingDetailsInput) => (value: string) => {
  const checked = checkShippingDetails({ [field]: value });
  return checked.ok ? null : (checked.error[field] ?? null);
};

/**
 * Shipping a paid order: the dialog says where it goes and asks, both optional, for the carrier
 * and tracking number the buyer will see on their order. Esc or Cancel ships nothing. Once shipped
 * the Ship button is gone, so focus goes where `onShipped` puts it (the row's new status), not back
 * to the trigger.
 */
export function ShipOrderDialog({ order, onShipped }: { order: OrderDto; onShipped?: () => void }) {
  const [open, setOpen] = useState(false);
  const shipped = useRef(false);
  const ship = useShipOrder(order);
  const form = useAppForm({
    defaultValues: { carrier: '', trackingNumber: '' },
    onSubmit: async ({ value, formApi }) => {
      try {
        await ship.mutateAsync({ carrier: value.carrier.trim() || null, trackingNumber: value.trackingNumber.trim() || null });
        shipped.current = true;
        onShipped?.();
        setOpen(false);
      } catch (error) {
        showRefusal(formApi, error);
      }
    },
  });
  const id = (name: string) => `ship-${order.id}-${name}`;
  return (
    <FormDialog
      open={open}
      onCloseAutoFocus={(event) => {
        if (shipped.current) event.preventDefault();
      }}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) form.reset();
      }}
      trigger={
        <Button variant="secondary" className="px-3 py-1.5" disabled={ship.isPending} aria-label={`${labels.ship} order ${order.number}`}>
          {labels.ship}
        </Button>
      }
      title={
        <>
          Ship order <span className="font-mono">{order.number}</span>
        </>
      }
      description={
        <>
          {orderInWords(order)} for {order.customerName} goes to {order.address} (phone {order.phone}). The buyer sees the carrier and tracking
          number on their order; both are optional.
        </>
      }
    >
      <form noValidate className="mt-4 space-y-4" onSubmit={submitWithoutReload(form)}>
        <form.AppField name="carrier" validators={checkOnChangeBlurSubmit(checkWith(shippingProblem('carrier')))}>
          {(field) => <field.TextField id={id('carrier')} label="Carrier (optional)" placeholder="e.g. UPS" autoComplete="off" />}
        </form.AppField>
        <form.AppField name="trackingNumber" validators={checkOnChangeBlurSubmit(checkWith(shippingProblem('trackingNumber')))}>
          {(field) => <field.TextField id={id('tracking')} label="Tracking number (optional)" placeholder="e.g. 1Z999AA10123456784" autoComplete="off" />}
        </form.AppField>
        <FormDialogActions>
          <form.AppForm>
            <form.SubmitButton variant="primary">Ship order</form.SubmitButton>
          </form.AppForm>
        </FormDialogActions>
      </form>
    </FormDialog>
  );
}
