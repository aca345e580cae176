import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { MeDto } from '#http/dto.ts';
import { sessionQuery, switchSession } from './queries.ts';

const me = (email: string): MeDto => ({
  user: { id: email, email, name: email, role: 'customer', emailVerified: true, createdAt: '2026-11-23T00:00:00.000Z' },
  profile: null,
});

describe('switchSession', () => {
  it("drops the previous person's orders and admin lists, keeps the public catalogue, and sets the new session", () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(sessionQuery.queryKey, me('a@example.com'));
    queryClient.setQueryData(['orders', 'mine'], { items: [{ id: 'o1' }], nextCursor: null });
    queryClient.setQueryData(['admin', 'users'], { items: [], nextCursor: null });
    queryClient.setQueryData(['products', 'newest'], { items: [{ id: 'p1' }], nextCursor: null });
    queryClient.setQueryData(['reviews', 'latest'], { items: [], nextCursor: null });

    switchSession(queryClient, me('b@example.com'));

    expect(queryClient.getQueryData(['orders', 'mine'])).toBeUndefined();
    expect(queryClient.getQueryData(['admin', 'users'])).toBeUndefined();
    expect(queryClient.getQueryData(['products', 'newest'])).toEqual({ items: [{ id: 'p1' }], nextCursor: null });
    expect(queryClient.getQueryData(['reviews', 'latest'])).toBeDefined();
    expect(queryClient.getQueryData(sessionQuery.queryKey)?.user.email).toBe('b@example.com');
    switchSession(queryClient, null);
    expect(queryClient.getQueryData(sessionQuery.queryKey)).toBeNull();
  });
});
