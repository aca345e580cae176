import { http, HttpResponse } from 'msw';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { waitFor, within } from '@testing-library/react';
import { messages } from '../../lib/messages.ts';
import { labels } from '../../lib/labels.ts';
import type { ReviewDto } from '#http/dto.ts';
import { admin, customer, makeReview, meOf } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';
import { refusal, server, session } from '../../test/server.ts';

const photo = () => new File([new Uint8Array(3_000)], 'me.jpg', { type: 'image/jpeg' });

/** Reviews on the "server": POST adds one with the account's name, GET lists the newest first. */
const reviewsOnServer = () => {
  const state = { reviews: [makeReview({ id: 'r_old', name: 'Earlier Buyer' })], posted: [] as unknown[] };
  server.use(
    http.get('*/api/reviews', () => HttpResponse.json({ items: state.reviews.slice(0, 3), nextCursor: null })),
    http.post('*/api/uploads', () => HttpResponse.json({ url: '/uploads/face.jpg' }, { status: 201 })),
    http.post('*/api/reviews', async ({ request }) => {
      const body = (await request.json()) as Partial<ReviewDto>;
      state.posted.push(body);
      const review = makeReview({ ...body, id: 'r_new', name: customer.name, createdAt: new Date().toISOString() });
      state.reviews = [review, ...state.reviews];
      return HttpResponse.json(review, { status: 201 });
    }),
  );
  return state;
};

describe('Add Review', () => {
  it("shows the account's name and today's date read-only and starts at five stars", async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-22T12:00:00Z') });
    onTestFinished(() => {
      vi.useRealTimers();
    });
    session.current = meOf(customer);
    reviewsOnServer();
    const { screen } = renderApp('/dashboard/review');
    const name = await screen.findByLabelText('Name');
    expect(name).toHaveValue(customer.name);
    expect(name).toHaveAttribute('readonly');
    expect(screen.getByLabelText('Date')).toHaveValue('Nov 22, 2026');
    expect(screen.getByLabelText('Date')).toHaveAttribute('readonly');
    expect(screen.getByRole('radiogroup', { name: 'Rating' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: '5 stars' })).toBeChecked();
  });

  it('changes the rating with the arrow keys', async () => {
    session.current = meOf(customer);
    reviewsOnServer();
    const { screen, user } = renderApp('/dashboard/review');
    await user.click(await screen.findByLabelText('Country'));
    await user.tab(); // into the rating: the checked star takes the focus
    expect(screen.getByRole('radio', { name: '5 stars' })).toHaveFocus();
    // Held like a real key: radix moves the focus on a timer and checks the star it lands on
    // while the arrow is still down.
    for (const next of ['4 stars', '3 stars']) {
      await user.keyboard('{ArrowLeft>}');
      await waitFor(() => expect(screen.getByRole('radio', { name: next })).toHaveFocus());
      await user.keyboard('{/ArrowLeft}');
    }
    expect(screen.getByRole('radio', { name: '3 stars' })).toBeChecked();
    expect(screen.getByRole('radio', { name: '5 stars' })).not.toBeChecked();
  });

  it('asks for the country, the comment and a photo', async () => {
    session.current = meOf(customer);
    const state = reviewsOnServer();
    const { screen, user } = renderApp('/dashboard/review');
    await user.click(await screen.findByRole('button', { name: labels.addReview }));
    expect(await screen.findByText(messages.countryRequired)).toBeInTheDocument();
    expect(screen.getByText(messages.commentRequired)).toBeInTheDocument();
    expect(screen.getByText(messages.imageMissing)).toBeInTheDocument();
    await user.upload(screen.getByLabelText('Your photo'), new File([new Uint8Array(1_000_000)], 'big.jpg', { type: 'image/jpeg' }));
    expect(await screen.findByText(messages.imageTooLarge)).toBeInTheDocument();
    expect(state.posted).toEqual([]);
  });

  it('uploads the photo, posts the review, thanks the customer and shows it first on the home page', async () => {
    session.current = meOf(customer);
    const state = reviewsOnServer();
    const { screen, user, history } = renderApp('/dashboard/review');
    await user.type(await screen.findByLabelText('Country'), 'Portugal');
    await user.click(screen.getByRole('radio', { name: '4 stars' }));
    await user.type(screen.getByLabelText('Your comment'), 'Two thousand fittings arrived on time.');
    await user.upload(screen.getByLabelText('Your photo'), photo());
    await user.click(screen.getByRole('button', { name: labels.addReview }));
    expect(await screen.findByText(messages.reviewThanks)).toBeInTheDocument();
    expect(state.posted).toEqual([{ country: 'Portugal', rating: 4, comment: 'Two thousand fittings arrived on time.', imageUrl: '/uploads/face.jpg' }]);
    await expect.poll(() => history.location.pathname).toBe('/');
    const reviews = within((await screen.findByRole('heading', { name: 'What Our Customers Say' })).closest('section')!);
    await expect.poll(() => reviews.queryAllByRole('article')[0]?.textContent).toContain('Two thousand fittings arrived on time.');
    expect(reviews.getByRole('img', { name: 'Rated 4 out of 5' })).toBeInTheDocument();
  });

  it('says the review could not be added when the server fails, and stays on the page', async () => {
    session.current = meOf(customer);
    reviewsOnServer();
    server.use(http.post('*/api/reviews', () => refusal(500, 'INTERNAL', messages.serverError)));
    const { screen, user, history } = renderApp('/dashboard/review');
    await user.type(await screen.findByLabelText('Country'), 'Portugal');
    await user.type(screen.getByLabelText('Your comment'), 'Good.');
    await user.upload(screen.getByLabelText('Your photo'), photo());
    await user.click(screen.getByRole('button', { name: labels.addReview }));
    expect(await screen.findByText(messages.reviewFailed)).toBeInTheDocument();
    expect(history.location.pathname).toBe('/dashboard/review');
    expect(screen.getByLabelText('Country')).toHaveValue('Portugal');
  });

  it('sends admins to their dashboard: reviews are for customers', async () => {
    session.current = meOf(admin);
    server.use(
      http.get('*/api/admin/orders', () => HttpResponse.json({ items: [], nextCursor: null, total: 0 })),
      http.get('*/api/admin/messages', () => HttpResponse.json({ items: [], nextCursor: null })),
    );
    const { screen, history } = renderApp('/dashboard/review');
    await expect.poll(() => history.location.pathname).toBe('/dashboard');
    expect(screen.queryByRole('button', { name: labels.addReview })).not.toBeInTheDocument();
  });
});
