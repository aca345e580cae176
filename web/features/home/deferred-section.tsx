import { Suspense, useEffect, useRef, useState, type ReactNode } from 'react';

/**
 * Renders its (lazy) content once it comes within 600px of the viewport, so below-the-fold forms
 * and their validation code (zod, TanStack Form: about 40 kB gzipped) cost a visitor nothing
 * until they scroll towards them. There is deliberately no timer fallback: loading that code a
 * moment after the first paint made it the longest main-thread task of the home page, which
 * Lighthouse counts as blocking time on a phone. Tabbing scrolls the page too, so keyboard users
 * reach the forms the same way. Without IntersectionObserver it renders at once.
 */
export function DeferredSection({ children, minHeight }: { children: ReactNode; minHeight: string }) {
  const anchor = useRef<HTMLDivElement>(null);
  const [visible, setVisible] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    if (visible || !anchor.current) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) setVisible(true);
    }, { rootMargin: '600px 0px' });
    observer.observe(anchor.current);
    return () => observer.disconnect();
  }, [visible]);
  return (
    <div ref={anchor} style={visible ? undefined : { minHeight }}>
      {visible ? <Suspense fallback={<div style={{ minHeight }} />}>{children}</Suspense> : null}
    </div>
  );
}
