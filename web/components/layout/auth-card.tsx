import type { ReactNode } from 'react';

export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="mx-auto w-full max-w-md px-4 py-12">
      <div className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <h1 className="mb-6 text-center text-2xl font-extrabold text-slate-900">{title}</h1>
        {children}
      </div>
    </section>
  );
}

export function OrDivider() {
  return (
    <div className="my-5 flex items-center gap-3 text-xs font-semibold text-slate-600 uppercase" aria-hidden="true">
      <span className="h-px flex-1 bg-slate-300" /> or <span className="h-px flex-1 bg-slate-300" />
    </div>
  );
}
