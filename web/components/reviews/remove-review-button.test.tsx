import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { within } from '@testing-library/react';
import { messages } from '../../lib/messages.ts';
import { labels } from '../../lib/labels.ts';
import { admin, customer, makeReview, meOf } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';
import { server, session } from '../../test/server.ts';

const reviewsOnServer = () => {
  const state = {
    reviews: [makeReview({ id: 'r_1', name: 'Spam Bot', comment: 'Buy cheap watches' }), makeReview({ id: 'r_2', name: 'Real Buyer' })],
    deleted: [] as string[],
  };
  server.use(
    http.get('*/api/reviews', () => HttpResponse.json({ items: state.reviews, nextCursor: null })),
    http.delete('*/api/reviews/:id', ({ params }) => {
      state.deleted.push(String(params.id));
      state.reviews = state.reviews.filter((review) => review.id !== params.id);
      return new HttpResponse(null, { status: 204 });
    }),
  );
  return state;
};

const reviewsSection = async (screen: ReturnType<typeof renderApp>['screen']) =>
  within((await screen.findByRole('heading', { name: 'What Our Customers Say' })).closest('section')!);

describe('removing a review from the home page', () => {
  it('lets an admin remove a review after confirming', async () => {
    session.current = meOf(admin);
    const state = reviewsOnServer();
    const { screen, user } = renderApp('/');
    const section = await reviewsSection(screen);
    await user.click(await section.findByRole('button', { name: 'Remove the review by Spam Bot' }));
    const dialog = await screen.findByRole('alertdialog', { name: labels.areYouSure });
    await user.click(within(dialog).getByRole('button', { name: labels.yesDelete }));
    expect(await screen.findByText(messages.reviewRemoved)).toBeInTheDocument();
    expect(state.deleted).toEqual(['r_1']);
    await expect.poll(() => section.queryByText('Spam Bot')).toBeNull();
    expect(section.getByText('Real Buyer')).toBeInTheDocument();
  });

  it('shows no Remove button to customers', async () => {
    session.current = meOf(customer);
    reviewsOnServer();
    const { screen } = renderApp('/');
    const section = await reviewsSection(screen);
    expect(await section.findByText('Spam Bot')).toBeInTheDocument();
    expect(section.queryByRole('button', { name: /Remove/ })).not.toBeInTheDocument();
  });
});
