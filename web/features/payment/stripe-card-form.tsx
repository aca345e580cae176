/**
 * Stripe Elements, loaded only when the server says the provider is Stripe: this module is
 * imported lazily so no other page ships Stripe's code.
 */
import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe, type Stripe } from '@stripe/stripe-js';
import { useState, type FormEvent } from 'react';
import { messages } from '../../lib/messages.ts';
import { labels } from '../../lib/labels.ts';
import { useFocusResult } from '../../lib/focus-result.ts';
import { Button } from '../../components/ui/button.tsx';

const stripeByKey = new Map<string, Promise<Stripe | null>>();
const stripeFor = (publishableKey: string) => {
  let stripe = stripeByKey.get(publishableKey);
  if (!stripe) {
    stripe = loadStripe(publishableKey);
    stripeByKey.set(publishableKey, stripe);
  }
  return stripe;
};

interface Props {
  publishableKey: string;
  clientSecret: string;
  billing: { name: string; email: string };
  onPaid: (paymentIntentId: string) => Promise<void>;
}

function CardForm({ clientSecret, billing, onPaid }: Omit<Props, 'publishableKey'>) {
  const stripe = useStripe();
  const elements = useElements();
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  // A declined card is said under the card; Pay, disabled while Stripe answered, lost the focus.
  const declined = useFocusResult<HTMLParagraphElement>(error);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const card = elements?.getElement(CardElement);
    if (!stripe || !card) return;
    setBusy(true);
    setError(undefined);
    try {
      const result = await stripe.confirmCardPayment(clientSecret, { payment_method: { card, billing_details: billing } });
      if (result.error) setError(result.error.message ?? messages.cardDeclined);
      else if (result.paymentIntent.status === 'succeeded') await onPaid(result.paymentIntent.id);
      else setError(messages.paymentNotConfirmed);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form noValidate aria-label="Card payment" className="space-y-4" onSubmit={(event) => void submit(event)}>
      <div className="space-y-1">
        <p id="stripe-card-label" className="block text-sm font-medium text-slate-800">
          Card details
        </p>
        <div className="rounded-md border border-slate-400 bg-white px-3 py-3" aria-labelledby="stripe-card-label">
          <CardElement options={{ hidePostalCode: true }} onChange={() => setError(undefined)} />
        </div>
        {error ? (
          <p ref={declined} role="alert" tabIndex={-1} className="text-sm font-medium text-red-700 focus-visible:outline-2 focus-visible:outline-red-700">
            {error}
          </p>
        ) : null}
      </div>
      <Button type="submit" variant="secondary" className="w-full" disabled={!stripe || busy}>
        {labels.payNow}
      </Button>
    </form>
  );
}

export default function StripeCardForm({ publishableKey, ...props }: Props) {
  return (
    <Elements stripe={stripeFor(publishableKey)}>
      <CardForm {...props} />
    </Elements>
  );
}
