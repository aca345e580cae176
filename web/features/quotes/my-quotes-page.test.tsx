import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { within } from '@testing-library/react';
import { messages } from '../../lib/messages.ts';
import { labels } from '../../lib/labels.ts';
import type { ListDto, MeDto, OrderDto, PaymentIntentDto, QuoteDto } from '#http/dto.ts';
import { customer, makeOrder } from '../../test/fixtures.ts';
import { makeAnsweredQuote, makeQuote } from '../../test/quote-fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';
import { json, refusal, server, session } from '../../test/server.ts';

const withProfile: MeDto = {
  user: customer,
  profile: { name: customer.name, email: customer.email, imageUrl: '', phone: '5550100200', education: '', linkedin: '', facebook: '', address: '1 Harbour Road', companyName: '', jobTitle: '', taxNumber: '' },
};

describe('Quotes (buyer)', () => {
  it('shows the answer with prices and expiry, and accepting with the profile’s phone and address opens the payment page', async () => {
    session.current = withProfile;
    let accepted: unknown = null;
    server.use(
      http.get('*/api/quotes', () => json<ListDto<QuoteDto>>({ items: [makeAnsweredQuote(), makeQuote({ id: 'q_2', number: 'QT-2026-000002' })], nextCursor: null })),
      http.post('*/api/quotes/:id/accept', async ({ request, params }) => {
        accepted = { id: params.id, body: await request.json() };
        return json<OrderDto>(makeOrder({ id: 'o_from_quote' }), { status: 201 });
      }),
      // The payment page the buyer lands on reads the order.
      http.get('*/api/orders/:id', () => json<OrderDto>(makeOrder({ id: 'o_from_quote' }))),
      http.post('*/api/orders/:id/payment-intent', () => json<PaymentIntentDto>({ provider: 'test', clientSecret: 'pi_test_1_secret_x', publishableKey: null, amountCents: 1_275_000 })),
    );
    const { screen, user, history } = renderApp('/dashboard/quotes');
    const card = within(await screen.findByRole('article', { name: 'QT-2026-000001' }));
    const lines = within(card.getByRole('table', { name: 'Lines of quote QT-2026-000001' }));
    expect(lines.getByText('20,000 pieces')).toBeInTheDocument();
    expect(lines.getByText('15,000 pieces')).toBeInTheDocument();
    expect(lines.getByText('$0.85')).toBeInTheDocument();
    expect(lines.getAllByText('$12,750.00').length).toBeGreaterThan(0);
    expect(card.getByText('We can do 15,000 now')).toBeInTheDocument();
    expect(card.getByText(/Valid until Nov 28, 2026 · stock held/)).toBeInTheDocument();
    // The request not answered yet offers nothing to do.
    const waiting = within(screen.getByRole('article', { name: 'QT-2026-000002' }));
    expect(waiting.getByText('Awaiting answer')).toBeInTheDocument();
    expect(waiting.queryByRole('button', { name: /Accept/ })).toBeNull();

    await user.click(card.getByRole('button', { name: 'Accept quote QT-2026-000001' }));
    const form = within(card.getByRole('form', { name: 'Accept quote QT-2026-000001' }));
    expect(form.getByLabelText('Phone Number')).toHaveValue('5550100200');
    expect(form.getByLabelText('Address')).toHaveValue('1 Harbour Road');
    await user.type(form.getByLabelText('PO number (optional)'), 'PO-77');
    await user.click(form.getByRole('button', { name: 'Place the order' }));
    await expect.poll(() => history.location.pathname).toBe('/dashboard/payment/o_from_quote');
    // The form went with the page: focus starts on the new page's heading, never on <body>.
    await expect.poll(() => document.activeElement?.matches('main h1')).toBe(true);
    expect(accepted).toEqual({ id: 'q_1', body: { phone: '5550100200', address: '1 Harbour Road', poNumber: 'PO-77' } });
  });

  it('declines after a confirmation, and shows a refusal of the accept (an expired offer)', async () => {
    session.current = withProfile;
    let declined = 0;
    server.use(
      http.get('*/api/quotes', () => json<ListDto<QuoteDto>>({ items: [makeAnsweredQuote(declined > 0 ? { status: 'declined' } : {})], nextCursor: null })),
      http.post('*/api/quotes/:id/decline', () => {
        declined += 1;
        return json<QuoteDto>(makeAnsweredQuote({ status: 'declined' }));
      }),
      http.post('*/api/quotes/:id/accept', () => refusal(409, 'QUOTE_NOT_OPEN', messages.quoteNotOpen.expired)),
    );
    const { screen, user } = renderApp('/dashboard/quotes');
    const card = within(await screen.findByRole('article', { name: 'QT-2026-000001' }));
    await user.click(card.getByRole('button', { name: 'Accept quote QT-2026-000001' }));
    await user.click(card.getByRole('button', { name: 'Place the order' }));
    expect(await screen.findByText(messages.quoteNotOpen.expired)).toBeInTheDocument();
    await user.click(card.getByRole('button', { name: 'Cancel' }));
    // Cancel took the form away: focus is back on Accept.
    expect(document.activeElement).toBe(card.getByRole('button', { name: 'Accept quote QT-2026-000001' }));
    await user.click(card.getByRole('button', { name: 'Decline quote QT-2026-000001' }));
    await user.click(await screen.findByRole('button', { name: 'Decline' }));
    expect(await screen.findByText(messages.quoteDeclined)).toBeInTheDocument();
    expect(declined).toBe(1);
    // The declined quote keeps no buttons: focus goes to its heading, not to <body>.
    await expect.poll(() => card.queryByRole('button', { name: 'Decline quote QT-2026-000001' })).toBeNull();
    await expect.poll(() => document.activeElement).toBe(card.getByRole('heading', { name: 'QT-2026-000001' }));
  });

  it('is in the buyer’s dashboard menu, and says so when there is none', async () => {
    session.current = withProfile;
    const { screen } = renderApp('/dashboard/quotes');
    expect(await screen.findByText('No quotes yet: ask for one from your cart.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: labels.quotes })).toHaveAttribute('href', '/dashboard/quotes');
  });
});
