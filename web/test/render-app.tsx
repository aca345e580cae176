import { createMemoryHistory } from '@tanstack/react-router';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from '../app.tsx';
import { createQueryClient } from '../router.tsx';

/**
 * Renders the whole SPA at a path, the way a user would land on it. Its query client (the app's
 * own settings) is returned too, so a test can tell when an answer has arrived before asserting
 * that something it would show is absent.
 */
export function renderApp(path: string) {
  const history = createMemoryHistory({ initialEntries: [path] });
  const queryClient = createQueryClient();
  const user = userEvent.setup();
  const view = render(<App history={history} queryClient={queryClient} />);
  return { ...view, user, history, screen, queryClient };
}
