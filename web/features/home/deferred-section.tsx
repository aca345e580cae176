import { Suspense, useEffect, useRef, useState, type ReactNode } from 'react';

/** After the page has loaded, idle content appears anyway (so it is there without scrolling). */
const IDLE_FALLBACK_MS = 1500;

/**
 * Renders its (lazy) content once it comes near the viewport or shortly after the page has
 * loaded, whichever is first, so below-the-fold forms and their validation code stay off the
 * first paint's critical path. Without IntersectionObserver it renders at once.
 */
export function DeferredSection({ children, minHeight }: { children: ReactNode; minHeight: string }) {
  const anchor = useRef<HTMLDivElement>(null);
  const [visible, setVisible] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    if (visible || !anchor.current) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) setVisible(true);
    }, { rootMargin: '400px' });
    observer.observe(anchor.current);
    const timer = window.setTimeout(() => setVisible(true), IDLE_FALLBACK_MS);
    return () => {
      observer.disconnect();
      window.clearTimeout(timer);
    };
  }, [visible]);
  return (
    <div ref={anchor} style={visible ? undefined : { minHeight }}>
      {visible ? <Suspense fallback={<div style={{ minHeight }} />}>{children}</Suspense> : null}
    </div>
  );
}
