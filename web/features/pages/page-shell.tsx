import type { ReactNode } from 'react';
import { usePageMeta } from '../../lib/page-meta.ts';

/**
 * A page whose feature belongs to a later issue: it already has its route, heading and a
 * description of what it will hold. Top-level pages own the h1; dashboard pages sit under the
 * dashboard's h1 and use h2.
 */
export function PageShell({ title, description, level = 1, children }: { title: string; description: string; level?: 1 | 2; children?: ReactNode }) {
  usePageMeta(title, description);
  const Heading = level === 1 ? 'h1' : 'h2';
  return (
    <section className={level === 1 ? 'mx-auto max-w-4xl px-4 py-12' : ''}>
      <Heading className={level === 1 ? 'text-3xl font-extrabold text-slate-900' : 'text-xl font-bold text-slate-900'}>{title}</Heading>
      <p className="mt-3 max-w-prose text-slate-700">{description}</p>
      {children}
    </section>
  );
}
