import './lib/zod-csp.ts';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App, HydratedApp } from './app.tsx';
import { createAppRouter } from './router.tsx';
import './styles.css';

declare global {
  interface Window {
    /** TanStack Router's dehydrated state: present on a page the server rendered. */
    $_TSR?: unknown;
  }
}

if (window.$_TSR) {
  // A public page the server rendered (web/README.md, "Server rendering"): hydrate the document.
  const { router } = createAppRouter({ wholeDocument: true });
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedApp router={router} />
    </StrictMode>,
  );
} else {
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');
  const root = createRoot(container);
  // A transition renders in slices that yield to the browser every few milliseconds, so a slow
  // phone stays responsive while the first page is built (the brand bar from index.html shows meanwhile).
  startTransition(() => {
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
}
