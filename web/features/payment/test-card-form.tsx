import { useState, type FormEvent } from 'react';
import { labels, messages } from '#domain/messages.ts';
import { api, ApiError } from '../../lib/api.ts';
import { Button } from '../../components/ui/button.tsx';
import { Input } from '../../components/ui/input.tsx';

type CardField = 'number' | 'expiry' | 'cvc';
type CardErrors = Partial<Record<CardField, string>>;

/** "MM/YY" (or MM/YYYY) to numbers; null when it is not a date at all. */
const parseExpiry = (text: string): { expMonth: number; expYear: number } | null => {
  const match = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(text);
  if (!match?.[1] || !match[2]) return null;
  const expMonth = Number(match[1]);
  const expYear = match[2].length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
  return expMonth >= 1 && expMonth <= 12 ? { expMonth, expYear } : null;
};

const checkCard = (number: string, expiry: string, cvc: string): CardErrors => {
  const errors: CardErrors = {};
  if (!/^\d{12,19}$/.test(number.replace(/[\s-]/g, ''))) errors.number = messages.cardNumberInvalid;
  if (!parseExpiry(expiry)) errors.expiry = messages.cardExpired;
  if (!/^\d{3,4}$/.test(cvc.trim())) errors.cvc = messages.cardCvcInvalid;
  return errors;
};

/** Where a provider's refusal belongs: the server names the field, else it concerns the card number. */
const errorsFromServer = (error: ApiError): CardErrors => {
  const fromFields: CardErrors = {};
  for (const [key, text] of Object.entries(error.fields)) {
    if (/exp/i.test(key)) fromFields.expiry = text;
    else if (/cvc/i.test(key)) fromFields.cvc = text;
    else fromFields.number = text;
  }
  if (Object.keys(fromFields).length > 0) return fromFields;
  if (error.message === messages.cardExpired) return { expiry: error.message };
  if (error.message === messages.cardCvcInvalid) return { cvc: error.message };
  return { number: error.message };
};

function CardInput({
  field,
  label,
  value,
  onChange,
  error,
  ...rest
}: {
  field: CardField;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
  autoComplete: string;
  placeholder: string;
}) {
  const id = `card-${field}`;
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <Input
        id={id}
        inputMode="numeric"
        value={value}
        aria-invalid={Boolean(error)}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => onChange(event.target.value)}
        {...rest}
      />
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The offline provider's card form, clearly labelled: no real card is ever charged here. */
export function TestCardForm({
  clientSecret,
  billing,
  onPaid,
}: {
  clientSecret: string;
  billing: { name: string; email: string };
  onPaid: (paymentIntentId: string) => Promise<void>;
}) {
  const [number, setNumber] = useState('');
  const [expiry, setExpiry] = useState('');
  const [cvc, setCvc] = useState('');
  const [errors, setErrors] = useState<CardErrors>({});
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = checkCard(number, expiry, cvc);
    setErrors(found);
    const date = parseExpiry(expiry);
    if (Object.keys(found).length > 0 || !date) return;
    setBusy(true);
    try {
      const result = await api.confirmTestCard({
        clientSecret,
        card: { number: number.replace(/[\s-]/g, ''), ...date, cvc: cvc.trim() },
        billing,
      });
      await onPaid(result.paymentIntentId);
    } catch (error) {
      setErrors(error instanceof ApiError ? errorsFromServer(error) : { number: messages.serverError });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form noValidate aria-label="Card payment" className="space-y-4" onSubmit={(event) => void submit(event)}>
      <p className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
        <strong>Test mode</strong> — {labels.testModeNotice.replace(/^Test mode: /, '')}
      </p>
      <CardInput field="number" label="Card number" value={number} onChange={setNumber} error={errors.number} autoComplete="cc-number" placeholder="4242 4242 4242 4242" />
      <div className="grid grid-cols-2 gap-4">
        <CardInput field="expiry" label="Expiry (MM/YY)" value={expiry} onChange={setExpiry} error={errors.expiry} autoComplete="cc-exp" placeholder="12/34" />
        <CardInput field="cvc" label="CVC" value={cvc} onChange={setCvc} error={errors.cvc} autoComplete="cc-csc" placeholder="123" />
      </div>
      <Button type="submit" variant="secondary" className="w-full" disabled={busy}>
        {labels.payNow}
      </Button>
    </form>
  );
}
