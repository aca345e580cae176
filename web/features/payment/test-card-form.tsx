import { useRef, useState, type FormEvent, type Ref } from 'react';
import { messages } from '../../lib/messages.ts';
import { labels } from '../../lib/labels.ts';
import { api, ApiError } from '../../lib/api.ts';
import { Button } from '../../components/ui/button.tsx';
import { Input } from '../../components/ui/input.tsx';
import { formatExpiryAsTyped, groupCardNumber, readExpiry } from '#domain/ordering/card-entry.ts';

type CardField = 'number' | 'expiry' | 'cvc';
type CardErrors = Partial<Record<CardField, string>>;

const checkCard = (number: string, expiry: string, cvc: string): CardErrors => {
  const errors: CardErrors = {};
  if (!/^\d{12,19}$/.test(number.replace(/[\s-]/g, ''))) errors.number = messages.cardNumberInvalid;
  const reading = readExpiry(expiry);
  if (reading.kind === 'empty') errors.expiry = messages.cardExpiryMissing;
  else if (reading.kind === 'invalid') errors.expiry = messages.cardExpiryInvalid;
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
  if (([messages.cardExpired, messages.cardExpiryMissing, messages.cardExpiryInvalid] as string[]).includes(error.message)) return { expiry: error.message };
  if (error.message === messages.cardCvcInvalid) return { cvc: error.message };
  return { number: error.message };
};

function CardInput({
  field,
  label,
  value,
  onChange,
  error,
  inputRef,
  ...rest
}: {
  field: CardField;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
  autoComplete: string;
  placeholder: string;
  inputRef?: Ref<HTMLInputElement>;
}) {
  const id = `card-${field}`;
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <Input
        id={id}
        ref={inputRef}
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
  const numberRef = useRef<HTMLInputElement>(null);
  const expiryRef = useRef<HTMLInputElement>(null);
  const cvcRef = useRef<HTMLInputElement>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = checkCard(number, expiry, cvc);
    setErrors(found);
    const date = readExpiry(expiry);
    if (Object.keys(found).length > 0 || date.kind !== 'date') {
      // The first field to fix gets the focus, so a keyboard or screen-reader user lands on it.
      const first = (['number', 'expiry', 'cvc'] as const).find((field) => found[field]);
      if (first) ({ number: numberRef, expiry: expiryRef, cvc: cvcRef })[first].current?.focus();
      return;
    }
    setBusy(true);
    try {
      const result = await api.confirmTestCard({
        clientSecret,
        card: { number: number.replace(/[\s-]/g, ''), expMonth: date.expMonth, expYear: date.expYear, cvc: cvc.trim() },
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
      <CardInput field="number" label="Card number" value={number} onChange={(typed) => setNumber(groupCardNumber(typed))} error={errors.number} autoComplete="cc-number" placeholder="4242 4242 4242 4242" inputRef={numberRef} />
      <div className="grid grid-cols-2 gap-4">
        <CardInput
          field="expiry"
          label="Expiry (MM/YY)"
          value={expiry}
          onChange={(typed) => setExpiry((previous) => formatExpiryAsTyped(typed, previous))}
          error={errors.expiry}
          autoComplete="cc-exp"
          placeholder="MM / YY"
          inputRef={expiryRef}
        />
        <CardInput field="cvc" label="CVC" value={cvc} onChange={setCvc} error={errors.cvc} autoComplete="cc-csc" placeholder="123" inputRef={cvcRef} />
      </div>
      <Button type="submit" variant="secondary" className="w-full" disabled={busy}>
        {labels.payNow}
      </Button>
    </form>
  );
}
