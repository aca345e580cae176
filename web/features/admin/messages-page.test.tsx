import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { within } from '@testing-library/react';
import { labels } from '../../lib/labels.ts';
import { admin, customer, meOf } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';
import { pagedList } from '../../test/paged-list.ts';
import type { ContactMessageDto, ListDto, SubscriberDto } from '#http/dto.ts';
import { json, server, session } from '../../test/server.ts';

describe('Messages & Subscribers (admin)', () => {
  it('shows the contact messages and the newsletter subscribers', async () => {
    session.current = meOf(admin);
    server.use(
      http.get('*/api/admin/orders', () => HttpResponse.json({ items: [], nextCursor: null, total: 0 })), // the overview we start on
      http.get('*/api/admin/messages', () =>
        HttpResponse.json({
          items: [{ id: 'm1', name: 'Dana', email: 'dana@example.com', message: 'Do you ship to Norway?', createdAt: '2026-11-22T09:00:00.000Z', readAt: null }],
          nextCursor: null,
        }),
      ),
      http.get('*/api/admin/subscribers', () =>
        HttpResponse.json({
          items: [
            { email: 'first@example.com', createdAt: '2026-11-20T09:00:00.000Z' },
            { email: 'second@example.com', createdAt: '2026-11-21T09:00:00.000Z' },
          ],
          nextCursor: null,
        }),
      ),
    );
    const { screen, user, history } = renderApp('/dashboard');
    await user.click(await screen.findByRole('link', { name: labels.inbox }));
    await expect.poll(() => history.location.pathname).toBe('/dashboard/messages');
    const inbox = within((await screen.findByRole('heading', { name: 'Contact messages' })).closest('section')!);
    expect(await inbox.findByText('Do you ship to Norway?')).toBeInTheDocument();
    expect(inbox.getByText(/dana@example.com/)).toBeInTheDocument();
    const subscribers = within((await screen.findByRole('heading', { name: 'Newsletter subscribers (2)' })).closest('section')!);
    const rows = subscribers.getAllByRole('row').slice(1).map((row) => row.textContent);
    expect(rows).toEqual(['first@example.comNov 20, 2026', 'second@example.comNov 21, 2026']);
  });

  it('shows every message and subscriber: the older ones come through the cursor with Load more', async () => {
    session.current = meOf(admin);
    const messages = Array.from({ length: 3 }, (_, index) => ({
      id: `m${index}`, name: 'Dana', email: 'dana@example.com', message: `Question ${index}`, createdAt: '2026-11-22T09:00:00.000Z', readAt: null,
    }));
    const subscribers = Array.from({ length: 5 }, (_, index) => ({ email: `fan${index}@example.com`, createdAt: '2026-11-20T09:00:00.000Z' }));
    const messageList = pagedList(() => messages, 2);
    const subscriberList = pagedList(() => subscribers, 3);
    server.use(http.get('*/api/admin/messages', messageList.resolver), http.get('*/api/admin/subscribers', subscriberList.resolver));
    const { screen, user } = renderApp('/dashboard/messages');

    const inbox = within((await screen.findByRole('heading', { name: 'Contact messages' })).closest('section')!);
    expect(await inbox.findByText('Showing 2 messages')).toBeInTheDocument();
    expect(inbox.queryByText('Question 2')).not.toBeInTheDocument();
    await user.click(inbox.getByRole('button', { name: 'Load more' }));
    expect(await inbox.findByText('Question 2')).toBeInTheDocument();
    expect(inbox.getByText('Showing 3 messages (all of them)')).toBeInTheDocument();

    // Until the last page is in, the heading's count says there are more.
    const fans = within((await screen.findByRole('heading', { name: 'Newsletter subscribers (3+)' })).closest('section')!);
    expect(fans.getAllByRole('row')).toHaveLength(4);
    await user.click(fans.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('heading', { name: 'Newsletter subscribers (5)' })).toBeInTheDocument();
    expect(fans.getAllByRole('row')).toHaveLength(6);
    expect(fans.getByText('Showing 5 subscribers (all of them)')).toBeInTheDocument();
    expect(messageList.askedLimits).toEqual(['100', '100']);
    expect(subscriberList.askedLimits).toEqual(['100', '100']);
  });

  it('marks a message read and unread again, and offers a reply by e-mail to its sender', async () => {
    session.current = meOf(admin);
    const message: ContactMessageDto = { id: 'm1', name: 'Dana', email: 'dana@example.com', message: 'Do you ship to Norway?', createdAt: '2026-11-22T09:00:00.000Z', readAt: null };
    const marks: unknown[] = [];
    server.use(
      http.get('*/api/admin/messages', () => json<ListDto<ContactMessageDto>>({ items: [message], nextCursor: null })),
      http.get('*/api/admin/subscribers', () => json<ListDto<SubscriberDto>>({ items: [], nextCursor: null })),
      http.patch('*/api/admin/messages/m1', async ({ request }) => {
        const body = (await request.json()) as { read: boolean };
        marks.push(body);
        message.readAt = body.read ? '2026-11-23T10:00:00.000Z' : null;
        return json<ContactMessageDto>(message);
      }),
    );
    const { screen, user } = renderApp('/dashboard/messages');
    const inbox = within((await screen.findByRole('heading', { name: 'Contact messages' })).closest('section')!);
    expect(await inbox.findByText('New')).toBeInTheDocument();
    const reply = inbox.getByRole('link', { name: 'Reply to Dana by e-mail' });
    expect(reply.getAttribute('href')).toMatch(/^mailto:dana%40example\.com\?subject=Re%3A%20your%20message%20to%20Bulkhead&body=.*Do%20you%20ship%20to%20Norway%3F/);
    await user.click(inbox.getByRole('button', { name: 'Mark as read' }));
    expect(await inbox.findByRole('button', { name: 'Mark as unread' })).toBeInTheDocument();
    expect(inbox.queryByText('New')).not.toBeInTheDocument();
    await user.click(inbox.getByRole('button', { name: 'Mark as unread' }));
    expect(await inbox.findByText('New')).toBeInTheDocument();
    expect(marks).toEqual([{ read: true }, { read: false }]);
  });

  it('is not for customers', async () => {
    session.current = meOf(customer);
    const { history } = renderApp('/dashboard/messages');
    await expect.poll(() => history.location.pathname).toBe('/');
  });
});
