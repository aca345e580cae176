import type { AnyFieldApi } from '@tanstack/react-form';
import type { HTMLInputAutoCompleteAttribute, ReactNode } from 'react';
import { checkOnBlur, fieldError } from '../../lib/validate.ts';
import { Field } from '../ui/field.tsx';
import { Input, Textarea } from '../ui/input.tsx';

/**
 * One text box of a TanStack form: label, hint, the shared show-after-leaving error rule and
 * an optional server message (pass onEdit to drop it as soon as the user edits the field).
 */
export function TextField({
  field,
  id,
  label,
  hint,
  type,
  autoComplete,
  placeholder,
  multiline = false,
  rows = 4,
  inputMode,
  serverError,
  onEdit,
}: {
  field: AnyFieldApi;
  id: string;
  /** Words, or words with a screen-reader-only part (e.g. which line of a list the box is for). */
  label: ReactNode;
  hint?: ReactNode;
  type?: 'text' | 'email' | 'password' | 'tel' | 'url';
  autoComplete?: HTMLInputAutoCompleteAttribute;
  placeholder?: string;
  multiline?: boolean;
  rows?: number;
  inputMode?: 'text' | 'numeric' | 'decimal';
  serverError?: string | undefined;
  onEdit?: () => void;
}) {
  const value = String(field.state.value ?? '');
  const change = (next: string) => {
    onEdit?.();
    field.handleChange(next);
  };
  return (
    <Field id={id} label={label} hint={hint} error={fieldError(field) ?? serverError}>
      {(control) =>
        multiline ? (
          <Textarea {...control} rows={rows} autoComplete={autoComplete} placeholder={placeholder} value={value} onChange={(event) => change(event.target.value)} onBlur={checkOnBlur(field)} />
        ) : (
          <Input
            {...control}
            type={type}
            autoComplete={autoComplete}
            inputMode={inputMode}
            placeholder={placeholder}
            value={value}
            onChange={(event) => change(event.target.value)}
            onBlur={checkOnBlur(field)}
          />
        )
      }
    </Field>
  );
}
