import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { within } from '@testing-library/react';
import { labels } from '../../lib/labels.ts';
import type { AuditEntryDto, ListDto } from '#http/dto.ts';
import { admin, meOf } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';
import { pagedList } from '../../test/paged-list.ts';
import { json, server, session } from '../../test/server.ts';

const entry = (n: number, overrides: Partial<AuditEntryDto> = {}): AuditEntryDto => ({
  id: `a${n}`,
  at: '2026-11-22T09:30:00.000Z',
  actorId: 'admin-1',
  actorEmail: 'boss@example.com',
  kind: 'product-edited',
  subjectId: `p${n}`,
  summary: `Edited the product Bolt ${n}`,
  before: { priceCents: 100 },
  after: { priceCents: 90 },
  ...overrides,
});

describe('Audit log (admin)', () => {
  it('is in the dashboard menu and shows who did what, with before and after', async () => {
    session.current = meOf(admin);
    server.use(http.get('*/api/admin/audit', () => json<ListDto<AuditEntryDto>>({ items: [entry(1)], nextCursor: null })));
    const { screen, user, history } = renderApp('/dashboard');
    await user.click(await screen.findByRole('link', { name: labels.auditLog }));
    await expect.poll(() => history.location.pathname).toBe('/dashboard/auditLog');
    const table = await screen.findByRole('table', { name: labels.auditLog });
    const row = within(table).getAllByRole('row')[1]!;
    expect(row).toHaveTextContent('boss@example.com');
    expect(row).toHaveTextContent('Product edited');
    expect(row).toHaveTextContent('Edited the product Bolt 1');
    await user.click(within(row).getByText('Before and after'));
    expect(within(row).getByText(/"priceCents": 90/)).toBeVisible();
  });

  it('filters by kind and by actor through the URL, and loads older entries with Load more', async () => {
    session.current = meOf(admin);
    const asked: string[] = [];
    const list = pagedList(() => [entry(1), entry(2), entry(3)], 2);
    server.use(
      http.get('*/api/admin/audit', (info) => {
        asked.push(new URL(info.request.url).search);
        return list.resolver(info);
      }),
    );
    const { screen, user, history } = renderApp('/dashboard/auditLog');
    expect(await screen.findByText('Showing 2 actions')).toBeInTheDocument();
    expect(screen.queryByText('Edited the product Bolt 3')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Edited the product Bolt 3')).toBeInTheDocument();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Kind' }), 'User deleted');
    await expect.poll(() => new URLSearchParams(history.location.search).get('kind')).toBe('user-deleted');
    await user.type(screen.getByRole('searchbox', { name: 'Admin e-mail or user id' }), 'boss@example.com');
    await user.click(screen.getByRole('button', { name: 'Filter' }));
    await expect.poll(() => new URLSearchParams(history.location.search).get('actor')).toBe('boss@example.com');
    expect(new URLSearchParams(history.location.search).get('kind')).toBe('user-deleted');
    await expect.poll(() => asked.at(-1)).toMatch(/kind=user-deleted/);
    expect(asked.at(-1)).toMatch(/actor=boss%40example.com/);
    expect(asked.at(-1)).toMatch(/limit=50/);
  });

  it('says when nothing was recorded', async () => {
    session.current = meOf(admin);
    const { screen } = renderApp('/dashboard/auditLog');
    expect(await screen.findByText('No admin actions recorded yet.')).toBeInTheDocument();
  });
});
