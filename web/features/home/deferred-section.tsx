import { Suspense, useEffect, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';

/**
 * Renders its (lazy) content once it comes within 600px of the viewport, so below-the-fold forms
 * and their validation code (zod, TanStack Form: about 40 kB gzipped) cost a visitor nothing
 * until they scroll towards them. There is deliberately no timer fallback: loading that code a
 * moment after the first paint made it the longest main-thread task of the home page, which
 * Lighthouse counts as blocking time on a phone. Tabbing scrolls the page too, so keyboard users
 * reach the forms the same way. Without IntersectionObserver it renders once mounted. The server
 * renders the reserved space only, as the browser's first render does, so hydration matches.
 */
const neverChanges = () => () => undefined;

export function DeferredSection({ children, minHeight }: { children: ReactNode; minHeight: string }) {
  const anchor = useRef<HTMLDivElement>(null);
  const [seen, setVisible] = useState(false);
  // false on the server and while hydrating; then whether this browser has no observer at all.
  const noObserver = useSyncExternalStore(neverChanges, () => typeof IntersectionObserver === 'undefined', () => false);
  const visible = seen || noObserver;
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
