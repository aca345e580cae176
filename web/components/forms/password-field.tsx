import type { AnyFieldApi } from '@tanstack/react-form';
import { useState } from 'react';
import { checkOnBlur, fieldError } from '../../lib/validate.ts';
import { Field, type FieldControlProps } from '../ui/field.tsx';
import { Input } from '../ui/input.tsx';

/** A password box with a show/hide toggle. */
function PasswordInput({
  control,
  value,
  onChange,
  onBlur,
  autoComplete,
}: {
  control: FieldControlProps;
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  autoComplete: 'current-password' | 'new-password';
}) {
  const [visible, setVisible] = useState(false);
  return (
    <div className="relative">
      <Input
        {...control}
        type={visible ? 'text' : 'password'}
        value={value}
        autoComplete={autoComplete}
        onChange={(event) => onChange(event.target.value)}
        onBlur={onBlur}
        className="pr-12"
      />
      <button
        type="button"
        aria-label={visible ? 'Hide password' : 'Show password'}
        aria-pressed={visible}
        onClick={() => setVisible((shown) => !shown)}
        className="absolute inset-y-0 right-0 flex w-11 items-center justify-center rounded-r-md text-slate-700 hover:text-slate-950 focus-visible:ring-2 focus-visible:ring-amber-500 focus-visible:outline-none"
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2">
          <path d="M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12z" />
          <circle cx="12" cy="12" r="3" />
          {visible ? <path d="M3 3l18 18" /> : null}
        </svg>
      </button>
    </div>
  );
}

/** The password field of a TanStack form, with the show/hide toggle. */
export function PasswordField({
  field,
  id,
  label,
  autoComplete,
}: {
  field: AnyFieldApi;
  id: string;
  label: string;
  autoComplete: 'current-password' | 'new-password';
}) {
  return (
    <Field id={id} label={label} error={fieldError(field)}>
      {(control) => <PasswordInput control={control} value={String(field.state.value)} onChange={field.handleChange} onBlur={checkOnBlur(field)} autoComplete={autoComplete} />}
    </Field>
  );
}
