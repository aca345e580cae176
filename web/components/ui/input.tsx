import { clsx } from 'clsx';
import { forwardRef, type InputHTMLAttributes, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';

const fieldClass = (invalid: boolean | undefined, extra?: string) =>
  clsx(
    'block w-full rounded-md border bg-white px-3 py-2 text-sm text-slate-900 placeholder:text-slate-500',
    'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-amber-500',
    invalid ? 'border-red-700' : 'border-slate-400',
    extra,
  );

export const Input = forwardRef<HTMLInputElement, InputHTMLAttributes<HTMLInputElement>>(function Input(
  { className, ...props },
  ref,
) {
  return <input ref={ref} className={fieldClass(props['aria-invalid'] === true, className)} {...props} />;
});

export const Select = forwardRef<HTMLSelectElement, SelectHTMLAttributes<HTMLSelectElement>>(function Select({ className, ...props }, ref) {
  return <select ref={ref} className={fieldClass(props['aria-invalid'] === true, className)} {...props} />;
});

export const Textarea = forwardRef<HTMLTextAreaElement, TextareaHTMLAttributes<HTMLTextAreaElement>>(
  function Textarea({ className, ...props }, ref) {
    return <textarea ref={ref} className={fieldClass(props['aria-invalid'] === true, className)} {...props} />;
  },
);
