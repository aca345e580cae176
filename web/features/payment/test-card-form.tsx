import type { AnyFormApi } from '@tanstack/react-form';
import { useRef, type ReactNode, type Ref } from 'react';
import { messages } from '../../lib/messages.ts';
import { labels } from '../../lib/labels.ts';
import { ApiError } from '../../lib/api.ts';
import { checkOnBlur, checkOnChangeBlurSubmit, fieldError, firstError } from '../../lib/validate.ts';
import { useAppForm } from '../../components/forms/form-hook.tsx';
import { useConfirmTestCard } from './api.ts';
import { Button } from '../../components/ui/button.tsx';
import { Input } from '../../components/ui/input.tsx';
import { formatExpiryAsTyped, groupCardNumber, readExpiry } from '#domain/ordering/card-entry.ts';

type CardField = 'number' | 'expiry' | 'cvc';
type CardErrors = Partial<Record<CardField, string>>;

/** Each box's own check, the rules the test provider applies (a check's message, or nothing when it passes). */
const cardChecks: Record<CardField, (typed: string) => string | undefined> = {
  number: (typed) => (/^\d{12,19}$/.test(typed.replace(/[\s-]/g, '')) ? undefined : messages.cardNumberInvalid),
  expiry: (typed) => {
    const reading = readExpiry(typed);
    return reading.kind === 'empty' ? messages.cardExpiryMissing : reading.kind === 'invalid' ? messages.cardExpiryInvalid : undefined;
  },
  cvc: (typed) => (/^\d{3,4}$/.test(typed.trim()) ? undefined : messages.cardCvcInvalid),
};

/** A provider's refusal under the boxes it concerns; each goes when its box is edited or the form is sent again. */
const showUnderTheBoxes = (form: AnyFormApi, errors: CardErrors) => form.setErrorMap({ onServer: { fields: errors } });

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
  onBlur,
  error,
  inputRef,
  ...rest
}: {
  field: CardField;
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** Marks the box left, so its check's message shows then and not only on submit. */
  onBlur: () => void;
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
        onBlur={onBlur}
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
  const confirm = useConfirmTestCard();
  const numberRef = useRef<HTMLInputElement>(null);
  const expiryRef = useRef<HTMLInputElement>(null);
  const cvcRef = useRef<HTMLInputElement>(null);
  const boxes: Record<CardField, typeof numberRef> = { number: numberRef, expiry: expiryRef, cvc: cvcRef };
  // The first box to fix gets the focus, so a keyboard or screen-reader user lands on it: after
  // the boxes' own checks and after the provider's refusal alike (a declined card is said under
  // the card number while the focus would otherwise stay on the Pay button or the CVC).
  const focusFirstWrong = (formApi: AnyFormApi) => {
    const first = (['number', 'expiry', 'cvc'] as const).find((field) => firstError(formApi.getFieldMeta(field) ?? { errors: [] }));
    if (first) boxes[first].current?.focus();
  };
  const form = useAppForm({
    defaultValues: { number: '', expiry: '', cvc: '' } satisfies Record<CardField, string>,
    onSubmitInvalid: ({ formApi }) => focusFirstWrong(formApi),
    onSubmit: async ({ value, formApi }) => {
      const date = readExpiry(value.expiry);
      if (date.kind !== 'date') return;
      try {
        const result = await confirm.mutateAsync({
          clientSecret,
          card: { number: value.number.replace(/[\s-]/g, ''), expMonth: date.expMonth, expYear: date.expYear, cvc: value.cvc.trim() },
          billing,
        });
        await onPaid(result.paymentIntentId);
      } catch (error) {
        showUnderTheBoxes(formApi, error instanceof ApiError ? errorsFromServer(error) : { number: messages.serverError });
        focusFirstWrong(formApi);
      }
    },
  });
  const box = (field: CardField, render: (value: string, change: (typed: string) => void, leave: () => void, error: string | undefined) => ReactNode) => (
    <form.Field name={field} validators={checkOnChangeBlurSubmit(({ value }: { value: string }) => cardChecks[field](value))}>
      {(fieldApi) => render(fieldApi.state.value, (typed) => fieldApi.handleChange(typed), checkOnBlur(fieldApi), fieldError(fieldApi))}
    </form.Field>
  );

  return (
    <form
      noValidate
      aria-label="Card payment"
      className="space-y-4"
      onSubmit={(event) => {
        event.preventDefault();
        void form.handleSubmit();
      }}
    >
      <p className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
        <strong>Test mode</strong> — {labels.testModeNotice.replace(/^Test mode: /, '')}
      </p>
      {box('number', (value, change, leave, error) => (
        <CardInput field="number" label="Card number" value={value} onChange={(typed) => change(groupCardNumber(typed))} onBlur={leave} error={error} autoComplete="cc-number" placeholder="4242 4242 4242 4242" inputRef={numberRef} />
      ))}
      <div className="grid grid-cols-2 gap-4">
        {box('expiry', (value, change, leave, error) => (
          <CardInput
            field="expiry"
            label="Expiry (MM/YY)"
            value={value}
            onChange={(typed) => change(formatExpiryAsTyped(typed, value))}
            onBlur={leave}
            error={error}
            autoComplete="cc-exp"
            placeholder="MM / YY"
            inputRef={expiryRef}
          />
        ))}
        {box('cvc', (value, change, leave, error) => (
          <CardInput field="cvc" label="CVC" value={value} onChange={change} onBlur={leave} error={error} autoComplete="cc-csc" placeholder="123" inputRef={cvcRef} />
        ))}
      </div>
      <form.Subscribe selector={(state) => state.isSubmitting}>
        {(submitting) => (
          <Button type="submit" variant="secondary" className="w-full" disabled={submitting}>
            {labels.payNow}
          </Button>
        )}
      </form.Subscribe>
    </form>
  );
}
