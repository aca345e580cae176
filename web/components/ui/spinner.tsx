/** A loading state that screen readers announce. */
export function Spinner({ label = 'Loading' }: { label?: string }) {
  return (
    <div role="status" className="flex items-center justify-center gap-3 py-12 text-slate-700">
      <span aria-hidden="true" className="h-6 w-6 animate-spin rounded-full border-4 border-slate-300 border-t-amber-500 motion-reduce:animate-none" />
      <span>{label}…</span>
    </div>
  );
}
