import { waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { admin, customer, meOf } from '../test/fixtures.ts';
import { renderApp } from '../test/render-app.tsx';
import { session } from '../test/server.ts';
import { SIGNED_IN_ATTRIBUTE, SIGNED_IN_HINT_SCRIPT } from './signed-in-hint.ts';

const marked = () => document.documentElement.hasAttribute(SIGNED_IN_ATTRIBUTE);

afterEach(() => {
  localStorage.clear();
  document.documentElement.removeAttribute(SIGNED_IN_ATTRIBUTE);
});

describe('the signed-in hint (the line kept for a member\'s price)', () => {
  it('is set for a signed-in customer, and the head script sets it before the next page paints', async () => {
    session.current = meOf(customer);
    renderApp('/');
    await waitFor(() => expect(marked()).toBe(true));
    document.documentElement.removeAttribute(SIGNED_IN_ATTRIBUTE);
    // What the head's inline script does on the next server-rendered page.
    new Function(SIGNED_IN_HINT_SCRIPT)();
    expect(marked()).toBe(true);
  });

  it('is cleared for a visitor and an admin, so their pages keep no empty line', async () => {
    localStorage.setItem('bulkhead.signedIn', '1');
    document.documentElement.setAttribute(SIGNED_IN_ATTRIBUTE, '');
    session.current = null;
    renderApp('/');
    await waitFor(() => expect(marked()).toBe(false));
    new Function(SIGNED_IN_HINT_SCRIPT)();
    expect(marked()).toBe(false);

    localStorage.setItem('bulkhead.signedIn', '1');
    session.current = meOf(admin);
    renderApp('/');
    await waitFor(() => expect(localStorage.length).toBe(0));
    expect(marked()).toBe(false);
  });
});
