/**
 * The app's one form hook (TanStack Form's createFormHook): every form is `useAppForm`, its
 * fields are `<form.AppField>` rendering one of the shared field components below, and its
 * submit button is `<form.SubmitButton>` inside `<form.AppForm>`. A field component reads its
 * field from context, shows the field's first problem once it was left or a submit was tried
 * (lib/validate.ts), and a server refusal put on the form by `showRefusal`
 * (server-refusal.ts) appears under the same field, gone as soon as the field is edited.
 */
import { createFormHook, createFormHookContexts } from '@tanstack/react-form';
import { clsx } from 'clsx';
import type { ComponentProps, HTMLInputAutoCompleteAttribute, ReactNode } from 'react';
import { checkOnBlur, fieldError } from '../../lib/validate.ts';
import { Button } from '../ui/button.tsx';
import { Field } from '../ui/field.tsx';
import { Select } from '../ui/input.tsx';
import { ImageField as ImageBox } from './form-controls.tsx';
import { PasswordField as PasswordBox } from './password-field.tsx';
import { TextField as TextBox } from './text-field.tsx';

export const { fieldContext, formContext, useFieldContext, useFormContext } = createFormHookContexts();

interface TextProps {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  autoComplete?: HTMLInputAutoCompleteAttribute;
  placeholder?: string;
}

/** A one-line text box; `type` for e-mail, phone and URL keyboards. */
function TextField(props: TextProps & { type?: 'text' | 'email' | 'tel' | 'url' }) {
  return <TextBox field={useFieldContext<string>()} {...props} />;
}

/** A several-line text box (messages, descriptions, reviews); 4 rows unless told. */
function TextareaField(props: TextProps & { rows?: number }) {
  return <TextBox field={useFieldContext<string>()} {...props} multiline />;
}

/**
 * A number typed as text (so "1,000" or a half-typed value stays as typed); the form's check
 * reads it with the same rule the server applies. `decimal` for money, `numeric` for counts.
 */
function NumberField({ decimal = false, ...props }: TextProps & { decimal?: boolean }) {
  return <TextBox field={useFieldContext<string>()} {...props} inputMode={decimal ? 'decimal' : 'numeric'} />;
}

/** A drop-down of fixed choices; the empty value is the first option (e.g. "No category"). */
function SelectField({ id, label, hint, options }: { id: string; label: string; hint?: ReactNode; options: readonly { value: string; label: string }[] }) {
  const field = useFieldContext<string>();
  return (
    <Field id={id} label={label} hint={hint} error={fieldError(field)}>
      {(control) => (
        <Select {...control} value={field.state.value} onChange={(event) => field.handleChange(event.target.value)} onBlur={checkOnBlur(field)}>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </Select>
      )}
    </Field>
  );
}

/** A checkbox with its label and a line saying what it does; `className` places the pair. */
function CheckboxField({ id, label, hint, className }: { id: string; label: string; hint?: ReactNode; className?: string }) {
  const field = useFieldContext<boolean>();
  return (
    <div className={clsx('flex items-start gap-2', className)}>
      <input id={id} type="checkbox" className="mt-1 h-4 w-4 accent-amber-500" checked={field.state.value} onChange={(event) => field.handleChange(event.target.checked)} onBlur={field.handleBlur} />
      <label htmlFor={id} className="text-sm text-slate-800">
        <span className="font-medium">{label}</span>
        {hint ? <span className="block text-xs text-slate-600">{hint}</span> : null}
      </label>
    </div>
  );
}

/** A password box with the show/hide toggle. */
function PasswordField(props: { id: string; label: string; autoComplete: 'current-password' | 'new-password' }) {
  return <PasswordBox field={useFieldContext<string>()} {...props} />;
}

/** The repeated new password: a plain password box, no toggle. */
function ConfirmPasswordField({ id }: { id: string }) {
  return <TextBox field={useFieldContext<string>()} id={id} label="Confirm Password" type="password" autoComplete="new-password" />;
}

/** The image drop zone (size checked before upload). */
function ImageField(props: { id: string; label?: string }) {
  return <ImageBox field={useFieldContext<File | null>()} {...props} />;
}

/** The form's submit button, disabled while the submit runs. */
/** `disabled` is for a form that must not be sent yet whatever its fields say (say so beside it). */
function SubmitButton({ children, disabled = false, ...props }: Omit<ComponentProps<typeof Button>, 'type'>) {
  const form = useFormContext();
  return (
    <form.Subscribe selector={(state) => state.isSubmitting}>
      {(submitting) => (
        <Button {...props} type="submit" disabled={submitting || disabled} aria-busy={submitting}>
          {children}
        </Button>
      )}
    </form.Subscribe>
  );
}

export const { useAppForm, withForm } = createFormHook({
  fieldContext,
  formContext,
  fieldComponents: { TextField, TextareaField, NumberField, SelectField, CheckboxField, PasswordField, ConfirmPasswordField, ImageField },
  formComponents: { SubmitButton },
});
