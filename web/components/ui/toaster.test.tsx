import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notify, Toaster, TOAST_OFFSET, TOAST_OFFSET_PHONE } from './toaster.tsx';

afterEach(() => {
  vi.useRealTimers();
});

const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));

describe('toasts', () => {
  it('keeps a success 2 s and an error 4 s', async () => {
    vi.useFakeTimers();
    render(<Toaster />);
    act(() => {
      notify.error('Could not save');
      notify.success('Saved it');
      notify.error('Could not save either');
    });
    await advance(100);
    expect(screen.getByText('Saved it')).toBeInTheDocument();
    expect(screen.getByText('Could not save either')).toBeInTheDocument();
    await advance(2_500); // past 2 s and the exit animation
    expect(screen.queryByText('Saved it')).not.toBeInTheDocument();
    expect(screen.getByText('Could not save either')).toBeInTheDocument();
    await advance(2_000); // past 4 s
    expect(screen.queryByText('Could not save either')).not.toBeInTheDocument();
  });

  it('replaces an error repeated word for word, and clears the errors a success resolves', async () => {
    const { container } = render(<Toaster />);
    act(() => {
      notify.error('Could not save');
      notify.error('Could not save');
      notify.error('The server is busy');
    });
    await vi.waitFor(() => expect(container.querySelectorAll('[data-sonner-toast][data-type="error"]')).toHaveLength(2));
    expect(screen.getAllByText('Could not save')).toHaveLength(1);
    act(() => {
      notify.success('Saved it');
    });
    // Gone well before their own 4 s: the success cleared them.
    await vi.waitFor(
      () => {
        expect(screen.queryByText('Could not save')).not.toBeInTheDocument();
        expect(screen.queryByText('The server is busy')).not.toBeInTheDocument();
      },
      { timeout: 1_500 },
    );
    expect(screen.getByText('Saved it')).toBeInTheDocument();
  });

  it('shows at most 20 at once', async () => {
    vi.useFakeTimers();
    const { container } = render(<Toaster />);
    act(() => {
      for (let n = 1; n <= 25; n += 1) notify.error(`Problem ${n}`);
    });
    await advance(100);
    expect(container.querySelectorAll('[data-sonner-toast][data-visible="true"]')).toHaveLength(20);
  });

  it('sits below the brand bar, on a desktop and on a phone, instead of covering it', async () => {
    const { container } = render(<Toaster />);
    act(() => {
      notify.success('Saved it');
    });
    const list = await vi.waitFor(() => {
      const found = container.querySelector<HTMLElement>('[data-sonner-toaster]');
      if (!found) throw new Error('no toaster yet');
      return found;
    });
    expect(list.style.getPropertyValue('--offset-top')).toBe(`${TOAST_OFFSET.top}px`);
    expect(list.style.getPropertyValue('--mobile-offset-top')).toBe(`${TOAST_OFFSET_PHONE.top}px`);
  });

  it('loads the toast library on the first toast and shows the toasts asked for while it came', async () => {
    vi.resetModules();
    const fresh = await import('./toaster.tsx');
    const { container } = render(<fresh.Toaster />);
    // Nothing on the page before the first toast: the library is not loaded yet.
    expect(container.querySelector('[data-sonner-toaster]')).toBeNull();
    act(() => {
      fresh.notify.error('Could not save');
      fresh.notify.success('Saved it');
    });
    expect(await screen.findByText('Saved it')).toBeInTheDocument();
    // In order: the success cleared the error asked for before it.
    await vi.waitFor(() => expect(screen.queryByText('Could not save')).not.toBeInTheDocument());
  });
});
