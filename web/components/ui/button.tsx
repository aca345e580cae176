import { clsx } from 'clsx';
import type { ButtonHTMLAttributes, Ref } from 'react';

type Variant = 'primary' | 'secondary' | 'danger' | 'ghost';

const variants: Record<Variant, string> = {
  primary: 'bg-amber-400 text-slate-950 hover:bg-amber-300 disabled:bg-slate-200 disabled:text-slate-600',
  secondary: 'bg-slate-900 text-white hover:bg-slate-700 disabled:bg-slate-300 disabled:text-slate-700',
  danger: 'bg-red-700 text-white hover:bg-red-600 disabled:bg-slate-200 disabled:text-slate-600',
  ghost: 'bg-transparent text-slate-800 hover:bg-slate-100 disabled:text-slate-500',
};

/** The one button style of the app; the focus ring is shared by every interactive element. */
export const buttonClass = (variant: Variant = 'primary', extra?: string) =>
  clsx(
    'inline-flex items-center justify-center gap-2 rounded-md px-4 py-2 text-sm font-semibold transition-colors',
    'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-amber-500 focus-visible:ring-offset-2',
    'disabled:cursor-not-allowed',
    variants[variant],
    extra,
  );

export function Button({
  variant = 'primary',
  className,
  type = 'button',
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: Variant; ref?: Ref<HTMLButtonElement> }) {
  return <button type={type} className={buttonClass(variant, className)} {...props} />;
}
