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
  inputMode,
  serverError,
  onEdit,
}: {
  field: AnyFieldApi;
  id: string;
  label: string;
  hint?: ReactNode;
  type?: 'text' | 'email' | 'password' | 'tel' | 'url';
  autoComplete?: HTMLInputAutoCompleteAttribute;
  placeholder?: string;
  multiline?: boolean;
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
          <Textarea {...control} rows={4} autoComplete={autoComplete} placeholder={placeholder} value={value} onChange={(event) => change(event.target.value)} onBlur={checkOnBlur(field)} />
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
