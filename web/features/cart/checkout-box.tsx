import { useNavigate } from '@tanstack/react-router';
import { z } from 'zod';
import { messages } from '../../lib/messages.ts';
import { MAX_ORDER_NOTE_LENGTH, MAX_PO_NUMBER_LENGTH } from '#domain/ordering/order-lines-request.ts';
import type { CartDto } from '#http/dto.ts';
import { addressField, phoneField } from '#http/schemas.ts';
import { usePlaceOrder } from '../../lib/place-order.ts';
import { refusalOf } from '../../lib/error-message.ts';
import { formatCents } from '../../lib/format.ts';
import { useSession } from '../../lib/session.ts';
import { checkOnChangeBlurSubmit, validateWith } from '../../lib/validate.ts';
import { useAppForm } from '../../components/forms/form-hook.tsx';
import { showRefusal } from '../../components/forms/server-refusal.ts';
import { submitWithoutReload } from '../../components/forms/submit-without-reload.ts';
import { notify } from '../../components/ui/toaster.tsx';
import { RequestQuoteDialog } from '../../components/quotes/request-quote-dialog.tsx';
import { CompanySitePicker, shipToOf } from '../../components/company/site-picker.tsx';
import { lineProblems, linesKey, type Refused } from './refused-order.ts';

const optionalText = (max: number) => z.string().trim().max(max, messages.tooLong(max));
const checkoutSchema = z.object({
  phone: phoneField,
  address: addressField,
  poNumber: optionalText(MAX_PO_NUMBER_LENGTH),
  note: optionalText(MAX_ORDER_NOTE_LENGTH),
});

function Checkout({ view, blocked, onRefused }: { view: CartDto; blocked: string | null; onRefused: (refused: Refused | null) => void }) {
  const session = useSession();
  const navigate = useNavigate();
  const placeOrder = usePlaceOrder();
  const form = useAppForm({
    defaultValues: {
      phone: session?.profile?.phone ?? '',
      address: session?.profile?.address ?? '',
      poNumber: '',
      note: '',
    },
    onSubmit: async ({ value, formApi }) => {
      onRefused(null);
      try {
        const order = await placeOrder.mutateAsync({
          lines: view.lines.map(({ productId, quantity }) => ({
            productId,
            quantity,
          })),
          phone: value.phone.trim(),
          address: value.address.trim(),
          poNumber: value.poNumber.trim() || null,
          note: value.note.trim() || null,
        });
        notify.success(messages.orderPlaced);
        await navigate({
          to: '/dashboard/payment/$id',
          params: { id: order.id },
        });
      } catch (error) {
        const refusal = refusalOf(error);
        const problems = lineProblems(refusal.fields);
        // Line problems go to the summary at the top, which takes focus and names each line; the
        // delivery fields' problems stay under their fields with the usual toast.
        if (problems.size > 0)
          onRefused({
            key: linesKey(view),
            message: refusal.message,
            problems,
          });
        else showRefusal(formApi, error);
      }
    },
  });
  return (
    <form noValidate aria-label="Place order" className="space-y-4 rounded-lg border border-slate-200 bg-white p-5" onSubmit={submitWithoutReload(form)}>
      <h2 className="text-lg font-semibold text-slate-900">Delivery and reference</h2>
      {session?.user.role === 'admin' ? null : (
        <CompanySitePicker
          onPick={(site) => {
            form.setFieldValue('phone', site.phone);
            form.setFieldValue('address', shipToOf(site));
          }}
        />
      )}
      <form.AppField name="phone" validators={checkOnChangeBlurSubmit(validateWith(checkoutSchema.shape.phone))}>
        {(field) => <field.TextField id="cart-phone" label="Phone Number" type="tel" autoComplete="tel" />}
      </form.AppField>
      <form.AppField name="address" validators={checkOnChangeBlurSubmit(validateWith(checkoutSchema.shape.address))}>
        {(field) => <field.TextareaField id="cart-address" label="Address" autoComplete="street-address" />}
      </form.AppField>
      <form.AppField name="poNumber" validators={checkOnChangeBlurSubmit(validateWith(checkoutSchema.shape.poNumber))}>
        {(field) => <field.TextField id="cart-po" label="PO number (optional)" hint="Your purchase order number: it is printed on the order and the invoice." />}
      </form.AppField>
      <form.AppField name="note" validators={checkOnChangeBlurSubmit(validateWith(checkoutSchema.shape.note))}>
        {(field) => <field.TextareaField id="cart-note" label="Note (optional)" hint="Delivery instructions, a contact on site." />}
      </form.AppField>
      <form.AppForm>
        <form.SubmitButton className="w-full sm:w-auto" disabled={blocked !== null} aria-describedby={blocked ? 'place-order-blocked' : undefined}>
          Place order · {formatCents(view.totalCents)}
        </form.SubmitButton>
        {blocked ? (
          <p id="place-order-blocked" className="text-sm text-red-800">
            {blocked}
          </p>
        ) : null}
      </form.AppForm>
    </form>
  );
}

/**
 * The cart's ordering side for a signed-in buyer: the order form and the quote request on the
 * same lines. Loaded by the cart page once it has lines to order.
 */
export default function CheckoutBox({ view, blocked, onRefused }: { view: CartDto; blocked: string | null; onRefused: (refused: Refused | null) => void }) {
  return (
    <>
      <Checkout view={view} blocked={blocked} onRefused={onRefused} />
      <div className="space-y-2 rounded-lg border border-slate-200 bg-white p-5">
        <p className="text-sm text-slate-700">More than the stock, a price for the volume or a date? Ask us for a quote on these lines.</p>
        <RequestQuoteDialog lines={view.lines.map(({ productId, name, unit, quantity }) => ({ productId, name, unit, quantity }))} />
      </div>
    </>
  );
}
