import type { ReactNode } from 'react';

/** A dashboard page's (or part's) section, named by its heading for assistive technology. */
export function DashboardSection({ id, title, children }: { id: string; title: ReactNode; children: ReactNode }) {
  return (
    <section aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="mb-4 text-xl font-bold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  );
}
