import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { within } from '@testing-library/react';
import { messages } from '../../lib/messages.ts';
import { labels } from '../../lib/labels.ts';
import type { ListDto, ProductDto, QuoteDto } from '#http/dto.ts';
import { admin, makeProduct, meOf } from '../../test/fixtures.ts';
import { makeAnsweredQuote, makeQuote } from '../../test/quote-fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';
import { json, refusal, server, session } from '../../test/server.ts';

const bolt = makeProduct({ id: 'p_bolt', sku: 'M8-BOLT-40', name: 'M8 bolt 40 mm', priceCents: 100, stock: 16_000, priceTiers: [{ minQuantity: 10_000, unitPriceCents: 90 }] });

describe('Quote Requests (admin)', () => {
  it('lists requests by status from the dashboard menu and opens one to answer', async () => {
    session.current = meOf(admin);
    const asked: string[] = [];
    server.use(
      http.get('*/api/admin/quotes', ({ request }) => {
        asked.push(new URL(request.url).searchParams.get('status') ?? '');
        return json<ListDto<QuoteDto>>({ items: [makeQuote()], nextCursor: null });
      }),
    );
    const { screen, user } = renderApp('/dashboard');
    await user.click(await screen.findByRole('link', { name: labels.quoteRequests }));
    const table = await screen.findByRole('table', { name: labels.quoteRequests });
    expect(within(table).getByText('QT-2026-000001')).toBeInTheDocument();
    expect(within(table).getByText('20,000 pieces × M8 bolt 40 mm')).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Answered' }));
    await expect.poll(() => asked.at(-1)).toBe('quoted');
    expect(within(table).getByRole('link', { name: 'Answer quote QT-2026-000001' })).toHaveAttribute('href', '/dashboard/quote/q_1');
  });

  it('answers with the tier price prefilled, the quantity, the days and holding the stock', async () => {
    session.current = meOf(admin);
    let answered: unknown = null;
    server.use(
      http.get('*/api/admin/quotes/:id', () => json<QuoteDto>(makeQuote())),
      http.get('*/api/products/:id', () => json<ProductDto>(bolt)),
      http.post('*/api/admin/quotes/:id/answer', async ({ request }) => {
        answered = await request.json();
        return json<QuoteDto>(makeAnsweredQuote());
      }),
    );
    const { screen, user, history } = renderApp('/dashboard/quote/q_1');
    const form = within(await screen.findByRole('form', { name: 'Answer quote QT-2026-000001' }));
    const quantity = await form.findByLabelText('Units offered of M8 bolt 40 mm');
    expect(quantity).toHaveValue('20000');
    // The price for 20,000 is the 10,000 tier's.
    expect(form.getByLabelText('Unit price of M8 bolt 40 mm ($)')).toHaveValue('0.90');
    expect(form.getByText(/16,000 pieces in stock/)).toBeInTheDocument();
    await user.clear(quantity);
    await user.type(quantity, '15000');
    const price = form.getByLabelText('Unit price of M8 bolt 40 mm ($)');
    await user.clear(price);
    await user.type(price, '0.85');
    const days = form.getByLabelText('Offer valid for (days)');
    await user.clear(days);
    await user.type(days, '7');
    expect(form.getByRole('checkbox', { name: /Hold the stock/ })).toBeChecked();
    await user.type(form.getByLabelText('Message to the buyer (optional)'), 'We can do 15,000 now');
    await user.click(form.getByRole('button', { name: 'Send the offer' }));
    await expect.poll(() => history.location.pathname).toBe('/dashboard/allQuotes');
    expect(answered).toEqual({ lines: [{ productId: 'p_bolt', quantity: 15_000, unitPriceCents: 85 }], expiresInDays: 7, holdStock: true, message: 'We can do 15,000 now' });
    expect(await screen.findByText(messages.quoteAnswered)).toBeInTheDocument();
  });

  it('shows a short line under its quantity, and a bad number of days before sending', async () => {
    session.current = meOf(admin);
    let calls = 0;
    server.use(
      http.get('*/api/admin/quotes/:id', () => json<QuoteDto>(makeQuote())),
      http.get('*/api/products/:id', () => json<ProductDto>(bolt)),
      http.post('*/api/admin/quotes/:id/answer', () => {
        calls += 1;
        return refusal(409, 'INSUFFICIENT_STOCK', messages.insufficientStock, { 'lines.0.quantity': messages.lineAboveStock(16_000) });
      }),
    );
    const { screen, user } = renderApp('/dashboard/quote/q_1');
    const form = within(await screen.findByRole('form', { name: 'Answer quote QT-2026-000001' }));
    const days = await form.findByLabelText('Offer valid for (days)');
    await user.clear(days);
    await user.type(days, '45');
    await user.click(form.getByRole('button', { name: 'Send the offer' }));
    expect(await form.findByText(messages.quoteExpiryDays(1, 30))).toBeInTheDocument();
    expect(calls).toBe(0);
    await user.clear(days);
    await user.type(days, '10');
    await user.click(form.getByRole('button', { name: 'Send the offer' }));
    expect(await form.findByText(messages.lineAboveStock(16_000))).toBeInTheDocument();
  });

  it('refuses an offer of nothing under the lines, and puts a refusal of a line under that line when an earlier one is left out', async () => {
    session.current = meOf(admin);
    const nut = makeProduct({ id: 'p_nut', sku: 'M8-NUT', name: 'M8 nut', priceCents: 20, stock: 50_000 });
    const bothLines = makeQuote({
      lines: [
        ...makeQuote().lines,
        { productId: 'p_nut', sku: 'M8-NUT', productName: 'M8 nut', unit: 'piece', requestedQuantity: 20_000, quantity: null, unitPriceCents: null, lineTotalCents: null },
      ],
    });
    const sent: unknown[] = [];
    server.use(
      http.get('*/api/admin/quotes/:id', () => json<QuoteDto>(bothLines)),
      http.get('*/api/products/:id', ({ params }) => json<ProductDto>(params.id === 'p_nut' ? nut : bolt)),
      http.post('*/api/admin/quotes/:id/answer', async ({ request }) => {
        sent.push(await request.json());
        // The one line offered is the nut, the second row: the server names it as line 0.
        return refusal(400, 'VALIDATION_FAILED', messages.invalidInput, { 'lines.0.unitPriceCents': messages.quotePriceInvalid });
      }),
    );
    const { screen, user } = renderApp('/dashboard/quote/q_1');
    const form = within(await screen.findByRole('form', { name: 'Answer quote QT-2026-000001' }));
    const boltUnits = await form.findByLabelText('Units offered of M8 bolt 40 mm');
    const nutUnits = form.getByLabelText('Units offered of M8 nut');
    await user.clear(boltUnits);
    await user.type(boltUnits, '0');
    await user.clear(nutUnits);
    await user.type(nutUnits, '0');
    await user.click(form.getByRole('button', { name: 'Send the offer' }));
    expect(await form.findByRole('alert')).toHaveTextContent(messages.linesRequired);
    expect(sent).toEqual([]);

    await user.clear(nutUnits);
    await user.type(nutUnits, '5000');
    await user.click(form.getByRole('checkbox', { name: /Hold the stock/ }));
    await user.click(form.getByRole('button', { name: 'Send the offer' }));
    await expect.poll(() => sent.length).toBe(1);
    expect(sent[0]).toEqual({ lines: [{ productId: 'p_nut', quantity: 5_000, unitPriceCents: 20 }], expiresInDays: 14, holdStock: false, message: null });
    expect(form.queryByRole('alert')).not.toBeInTheDocument();
    expect(await form.findByText(messages.quotePriceInvalid)).toBeInTheDocument();
    expect(form.getByLabelText('Unit price of M8 nut ($)')).toHaveAttribute('aria-invalid', 'true');
    expect(form.getByLabelText('Unit price of M8 bolt 40 mm ($)')).toHaveAttribute('aria-invalid', 'false');
  });
});
