import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { within } from '@testing-library/react';
import { messages } from '../../lib/messages.ts';
import { labels } from '../../lib/labels.ts';
import { makeProduct, makeReview } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';
import { server } from '../../test/server.ts';

describe('home page', () => {
  it('shows six new product cards with price, cut description, stock, minimum and Buy Now', async () => {
    let askedLimit: string | null = null;
    server.use(
      http.get('*/api/products', ({ request }) => {
        askedLimit = new URL(request.url).searchParams.get('limit');
        return HttpResponse.json({
          items: Array.from({ length: 6 }, (_, index) => makeProduct({ id: `p_${index}`, name: `Product ${index}`, stock: 200 + index })),
          nextCursor: 'next',
        });
      }),
    );
    const { screen } = renderApp('/');
    const section = within((await screen.findByRole('heading', { name: 'New Products' })).closest('section')!);
    const cards = await section.findAllByRole('article');
    expect(cards).toHaveLength(6);
    const first = within(cards[0]!);
    expect(first.getByRole('heading', { level: 3, name: 'Product 0' })).toBeInTheDocument();
    expect(first.getByText('Price: $12.50')).toBeInTheDocument();
    const description = makeProduct().description;
    const cut = `${description.slice(0, 80).trimEnd()}…`;
    expect(first.getByText((_, element) => element?.tagName === 'P' && element.textContent === `${cut} ${labels.readMore} Product 0`)).toBeInTheDocument();
    // The links say which product they open (visually hidden name), not only "Read More"/"Buy Now".
    expect(first.getByRole('link', { name: `${labels.readMore} Product 0` })).toHaveAttribute('href', '/product/p_0');
    expect(first.getByText('Available Quantity: 200 pieces')).toBeInTheDocument();
    expect(first.getByText('Minimum Order Quantity: 100 pieces')).toBeInTheDocument();
    expect(first.getByRole('link', { name: `${labels.buyNow} Product 0` })).toHaveAttribute('href', '/product/p_0');
    expect(within(cards[1]!).getByRole('link', { name: `${labels.buyNow} Product 1` })).toHaveAttribute('href', '/product/p_1');
    expect(askedLimit).toBe('6');
  });

  it('shows the trust strip and the latest reviews with date and stars', async () => {
    server.use(
      http.get('*/api/reviews', () =>
        HttpResponse.json({
          items: [makeReview({ rating: 4, comment: 'x'.repeat(130) }), makeReview({ id: 'r_2', name: 'No Stars', rating: 0 })],
          nextCursor: null,
        }),
      ),
    );
    const { screen, user } = renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Millions of businesses trust us' })).toBeInTheDocument();
    expect(screen.getByText('535+')).toBeInTheDocument();
    expect(await screen.findByRole('img', { name: 'Rated 4 out of 5' })).toBeInTheDocument();
    expect(screen.getByText(labels.noRating)).toBeInTheDocument();
    expect(screen.getAllByText('Nov 22, 2026')).toHaveLength(2);
    expect(screen.getByText(`${'x'.repeat(120)}…`)).toBeInTheDocument();
    // A long review can be read in full.
    await user.click(screen.getByRole('button', { name: 'Read the whole review' }));
    expect(screen.getByText('x'.repeat(130))).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Show less' })).toHaveAttribute('aria-expanded', 'true');
  });

  it('subscribes to the newsletter and sends the contact form with success toasts', async () => {
    const sent: Record<string, unknown> = {};
    server.use(
      http.post('*/api/newsletter', async ({ request }) => {
        sent.newsletter = await request.json();
        return HttpResponse.json({ email: 'a@b.co', createdAt: '2026-11-22T00:00:00.000Z' }, { status: 201 });
      }),
      http.post('*/api/contact', async ({ request }) => {
        sent.contact = await request.json();
        return new HttpResponse(null, { status: 201 });
      }),
    );
    const { screen, user } = renderApp('/');
    await user.click(await screen.findByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByText(messages.emailRequired)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Email address for newsletter'), 'a@b.co');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByText(messages.newsletterSubscribed)).toBeInTheDocument();
    expect(sent.newsletter).toEqual({ email: 'a@b.co' });

    await user.type(screen.getByLabelText('Your name'), 'Dana');
    await user.type(screen.getByLabelText('Your email'), 'dana@example.com');
    await user.type(screen.getByLabelText('Message'), 'Do you ship to Norway?');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText(messages.contactSent)).toBeInTheDocument();
    expect(sent.contact).toEqual({ name: 'Dana', email: 'dana@example.com', message: 'Do you ship to Norway?' });
  });
});
