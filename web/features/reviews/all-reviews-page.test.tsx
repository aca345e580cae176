import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { within } from '@testing-library/react';
import { messages } from '../../lib/messages.ts';
import { labels } from '../../lib/labels.ts';
import { admin, customer, makeReview, meOf } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';
import { refusal, server, session } from '../../test/server.ts';

/**
 * Reviews served newest first through the cursor like the real API. The server may answer fewer
 * items than asked; a small page size keeps the tables short enough for jsdom.
 */
const reviewsOnServer = (count: number, pageSize: number) => {
  const state = {
    // Review 0 is the newest: one day older per index, at noon UTC so no time zone changes the day.
    reviews: Array.from({ length: count }, (_, index) =>
      makeReview({
        id: `r_${index}`,
        name: `Reviewer ${index}`,
        country: `Country ${index}`,
        rating: (index % 5) + 1,
        comment: `Comment number ${index}, long enough that the home page would have cut it short after one hundred and twenty characters — but not here.`,
        imageUrl: `/uploads/avatar-${index}.png`,
        createdAt: new Date(Date.UTC(2026, 10, 22 - index, 12)).toISOString(),
      }),
    ),
    deleted: [] as string[],
    askedLimits: [] as string[],
  };
  server.use(
    http.get('*/api/reviews', ({ request }) => {
      const url = new URL(request.url);
      state.askedLimits.push(url.searchParams.get('limit') ?? '');
      const start = Number(url.searchParams.get('cursor') ?? 0);
      const end = start + pageSize;
      return HttpResponse.json({ items: state.reviews.slice(start, end), nextCursor: end < state.reviews.length ? String(end) : null });
    }),
    http.delete('*/api/reviews/:id', ({ params }) => {
      state.deleted.push(String(params.id));
      state.reviews = state.reviews.filter((review) => review.id !== params.id);
      return new HttpResponse(null, { status: 204 });
    }),
  );
  return state;
};

const names = (screen: ReturnType<typeof renderApp>['screen']) =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((row) => row.querySelectorAll('td')[1]!.textContent);

describe('Manage Reviews (admin)', () => {
  it('is reached from the dashboard menu and lists every review, newest first, with its fields', async () => {
    session.current = meOf(admin);
    server.use(
      http.get('*/api/admin/orders', () => HttpResponse.json({ items: [], nextCursor: null, total: 0 })), // the overview we start on
      http.get('*/api/admin/messages', () => HttpResponse.json({ items: [], nextCursor: null })),
    );
    const state = reviewsOnServer(5, 3);
    const { screen, user, history } = renderApp('/dashboard');
    await user.click(await screen.findByRole('link', { name: labels.manageReviews }));
    await expect.poll(() => history.location.pathname).toBe('/dashboard/reviews');
    expect(await screen.findByRole('heading', { level: 2, name: labels.manageReviews })).toBeInTheDocument();
    const headers = (await screen.findAllByRole('columnheader')).map((cell) => cell.textContent);
    expect(headers).toEqual(['Photo', 'Name', 'Country', 'Rating', 'Comment', 'Date', 'Remove']);
    expect(names(screen)).toEqual(['Reviewer 0', 'Reviewer 1', 'Reviewer 2']);

    const first = within(screen.getAllByRole('row')[1]!);
    expect(first.getByText('Country 0')).toBeInTheDocument();
    expect(first.getByRole('img', { name: 'Rated 1 out of 5' })).toBeInTheDocument();
    expect(first.getByText(state.reviews[0]!.comment)).toBeInTheDocument(); // in full, not truncated
    expect(first.getByText('Nov 22, 2026')).toHaveAttribute('datetime', state.reviews[0]!.createdAt);
    expect(first.getByRole('button', { name: 'Remove the review by Reviewer 0' })).toBeInTheDocument();
    expect(screen.getAllByRole('row')[1]!.querySelector('img')).toHaveAttribute('src', '/uploads/avatar-0.png?w=320');
    expect(screen.getByText('Showing 3 reviews')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await expect.poll(() => screen.getAllByRole('row').length).toBe(6);
    expect(names(screen)).toEqual(['Reviewer 0', 'Reviewer 1', 'Reviewer 2', 'Reviewer 3', 'Reviewer 4']);
    expect(within(screen.getAllByRole('row')[5]!).getByText('Nov 18, 2026')).toBeInTheDocument();
    expect(screen.getByText('Showing 5 reviews (all of them)')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(state.askedLimits).toEqual(['100', '100']); // the largest page the API serves
  });

  it('removes a review only after "Yes, delete it!", and its row disappears', async () => {
    session.current = meOf(admin);
    const state = reviewsOnServer(3, 100);
    const { screen, user } = renderApp('/dashboard/reviews');
    await user.click(await screen.findByRole('button', { name: 'Remove the review by Reviewer 1' }));
    let dialog = await screen.findByRole('alertdialog', { name: labels.areYouSure });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(state.deleted).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Remove the review by Reviewer 1' }));
    dialog = await screen.findByRole('alertdialog', { name: labels.areYouSure });
    await user.click(within(dialog).getByRole('button', { name: labels.yesDelete }));
    expect(await screen.findByText(messages.reviewRemoved)).toBeInTheDocument();
    expect(state.deleted).toEqual(['r_1']);
    await expect.poll(() => names(screen)).toEqual(['Reviewer 0', 'Reviewer 2']);
    expect(screen.getByText('Showing 2 reviews (all of them)')).toBeInTheDocument();
  });

  it('removes an older review from a later page and keeps the pages already loaded', async () => {
    session.current = meOf(admin);
    const state = reviewsOnServer(4, 2);
    const { screen, user } = renderApp('/dashboard/reviews');
    await user.click(await screen.findByRole('button', { name: 'Load more' }));
    await user.click(await screen.findByRole('button', { name: 'Remove the review by Reviewer 3' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: labels.yesDelete }));
    expect(await screen.findByText(messages.reviewRemoved)).toBeInTheDocument();
    expect(state.deleted).toEqual(['r_3']);
    await expect.poll(() => names(screen)).toEqual(['Reviewer 0', 'Reviewer 1', 'Reviewer 2']);
  });

  it("shows the server's message when a removal is refused", async () => {
    session.current = meOf(admin);
    reviewsOnServer(2, 100);
    server.use(http.delete('*/api/reviews/:id', () => refusal(404, 'NOT_FOUND', messages.notFound)));
    const { screen, user } = renderApp('/dashboard/reviews');
    await user.click(await screen.findByRole('button', { name: 'Remove the review by Reviewer 0' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: labels.yesDelete }));
    expect(await screen.findByText(messages.notFound)).toBeInTheDocument();
  });

  it('says so when there are no reviews yet', async () => {
    session.current = meOf(admin);
    reviewsOnServer(0, 100);
    const { screen } = renderApp('/dashboard/reviews');
    expect(await screen.findByText('No reviews yet.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('says so when the reviews cannot be loaded', async () => {
    session.current = meOf(admin);
    server.use(http.get('*/api/reviews', () => refusal(500, 'INTERNAL', messages.serverError)));
    const { screen } = renderApp('/dashboard/reviews');
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not load the reviews. Please try again.');
  });

  it('is not for customers', async () => {
    session.current = meOf(customer);
    const { screen, history } = renderApp('/dashboard/reviews');
    await expect.poll(() => history.location.pathname).toBe('/');
    expect(screen.queryByRole('heading', { name: labels.manageReviews })).not.toBeInTheDocument();
  });
});
