import { clsx } from 'clsx';

/**
 * Typography for rendered markdown, as Tailwind variants on the wrapper (the HTML comes from
 * the renderer, so its elements cannot carry classes): readable paragraphs and lists, dark
 * scrollable code blocks, and tinted inline code.
 */
export const proseClass = clsx(
  'max-w-none text-slate-800 leading-7',
  '[&_p]:my-4 [&_ul]:my-4 [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:my-4 [&_ol]:list-decimal [&_ol]:pl-6 [&_li]:my-1',
  '[&_h3]:mt-8 [&_h3]:mb-2 [&_h3]:text-xl [&_h3]:font-bold [&_h3]:text-slate-900',
  '[&_h4]:mt-6 [&_h4]:mb-2 [&_h4]:font-bold [&_h4]:text-slate-900',
  '[&_a]:font-semibold [&_a]:text-amber-800 [&_a]:underline [&_strong]:font-bold [&_strong]:text-slate-900',
  '[&_pre]:my-5 [&_pre]:overflow-x-auto [&_pre]:rounded-lg [&_pre]:bg-slate-900 [&_pre]:p-4 [&_pre]:text-sm [&_pre]:leading-6 [&_pre]:text-slate-100',
  '[&_pre]:focus-visible:outline-none [&_pre]:focus-visible:ring-2 [&_pre]:focus-visible:ring-amber-500',
  '[&_code]:font-mono [&_:not(pre)>code]:rounded [&_:not(pre)>code]:bg-amber-50 [&_:not(pre)>code]:px-1 [&_:not(pre)>code]:py-0.5 [&_:not(pre)>code]:text-[0.9em] [&_:not(pre)>code]:text-slate-900',
);
