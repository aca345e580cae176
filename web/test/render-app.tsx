import { createMemoryHistory } from '@tanstack/react-router';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from '../app.tsx';

/** Renders the whole SPA at a path, the way a user would land on it. */
export function renderApp(path: string) {
  const history = createMemoryHistory({ initialEntries: [path] });
  const user = userEvent.setup();
  const view = render(<App history={history} />);
  return { ...view, user, history, screen };
}
