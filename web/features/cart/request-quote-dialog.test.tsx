import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { within } from '@testing-library/react';
import type { CartDto, QuoteDto } from '#http/dto.ts';
import { messages } from '../../lib/messages.ts';
import { labels } from '../../lib/labels.ts';
import { customer, meOf } from '../../test/fixtures.ts';
import { makeQuote } from '../../test/quote-fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';
import { json, refusal, server, session } from '../../test/server.ts';

const cart: CartDto = {
  lines: [
    {
      productId: 'p_bolt',
      sku: 'M8-BOLT-40',
      name: 'M8 bolt 40 mm',
      imageUrl: '/demo/bolt.svg',
      unit: 'piece',
      stock: 500,
      minOrderQuantity: 200,
      packSize: 50,
      priceTiers: [],
      quantity: 20_000,
      unitPriceCents: 100,
      lineTotalCents: 2_000_000,
      advice: { quantity: 20_000, valid: false, problems: ['ABOVE_STOCK'], unitPriceCents: 100, lineTotalCents: 2_000_000, nextBreak: null, suggestions: { roundedToPack: 20_000, minimum: 200, maxAvailable: 500 } },
      message: 'Only 500 in stock: order 500 now',
      suggestion: { quantity: 500, reason: 'stock' },
    },
  ],
  lineCount: 1,
  itemCount: 20_000,
  totalCents: 2_000_000,
  orderable: false,
};

describe('Request a quote from the cart', () => {
  it('sends the cart’s lines as they stand with the buyer’s message, then opens Quotes', async () => {
    session.current = meOf(customer);
    let sent: unknown = null;
    server.use(
      http.get('*/api/cart', () => json<CartDto>(cart)),
      http.post('*/api/quotes', async ({ request }) => {
        sent = await request.json();
        return json<QuoteDto>(makeQuote({ message: 'Need 20,000 by March' }), { status: 201 });
      }),
    );
    const { screen, user, history } = renderApp('/cart');
    await user.click(await screen.findByRole('button', { name: labels.requestQuote }));
    const dialog = await screen.findByRole('dialog', { name: labels.requestQuote });
    expect(within(dialog).getByRole('group', { name: 'Lines to quote' })).toHaveTextContent('20,000 pieces');
    // The message is required: the server's own rule, shown before anything is sent.
    await user.click(within(dialog).getByRole('button', { name: 'Send request' }));
    expect(await within(dialog).findByText(messages.quoteMessageRequired)).toBeInTheDocument();
    expect(sent).toBeNull();
    await user.type(within(dialog).getByLabelText('What do you need?'), 'Need 20,000 by March');
    await user.click(within(dialog).getByRole('button', { name: 'Send request' }));
    expect(await screen.findByText(messages.quoteRequested)).toBeInTheDocument();
    expect(sent).toEqual({ lines: [{ productId: 'p_bolt', quantity: 20_000 }], message: 'Need 20,000 by March' });
    await expect.poll(() => history.location.pathname).toBe('/dashboard/quotes');
  });

  it('shows a refusal under the message', async () => {
    session.current = meOf(customer);
    server.use(
      http.get('*/api/cart', () => json<CartDto>(cart)),
      http.post('*/api/quotes', () => refusal(400, 'VALIDATION_FAILED', messages.tooLong(2000), { message: messages.tooLong(2000) })),
    );
    const { screen, user } = renderApp('/cart');
    await user.click(await screen.findByRole('button', { name: labels.requestQuote }));
    const dialog = await screen.findByRole('dialog', { name: labels.requestQuote });
    await user.type(within(dialog).getByLabelText('What do you need?'), 'Please');
    await user.click(within(dialog).getByRole('button', { name: 'Send request' }));
    expect((await within(dialog).findAllByText(messages.tooLong(2000))).length).toBeGreaterThan(0);
  });

  it('lets the buyer choose the lines and change their quantities', async () => {
    session.current = meOf(customer);
    const nut = { ...cart.lines[0]!, productId: 'p_nut', sku: 'M8-NUT', name: 'M8 nut', quantity: 300 };
    let sent: unknown = null;
    server.use(
      http.get('*/api/cart', () => json<CartDto>({ ...cart, lines: [cart.lines[0]!, nut], lineCount: 2 })),
      http.post('*/api/quotes', async ({ request }) => {
        sent = await request.json();
        return json<QuoteDto>(makeQuote(), { status: 201 });
      }),
    );
    const { screen, user } = renderApp('/cart');
    await user.click(await screen.findByRole('button', { name: labels.requestQuote }));
    const dialog = within(await screen.findByRole('dialog', { name: labels.requestQuote }));
    await user.type(dialog.getByLabelText('What do you need?'), 'Only the bolts, 12,000 of them');
    // None chosen: said, nothing sent.
    await user.click(dialog.getByRole('checkbox', { name: 'M8 bolt 40 mm' }));
    await user.click(dialog.getByRole('checkbox', { name: 'M8 nut' }));
    await user.click(dialog.getByRole('button', { name: 'Send request' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent(labels.chooseQuoteLine);
    expect(sent).toBeNull();
    await user.click(dialog.getByRole('checkbox', { name: 'M8 bolt 40 mm' }));
    const quantity = dialog.getByLabelText('Quantity of M8 bolt 40 mm');
    await user.clear(quantity);
    await user.type(quantity, '12x');
    await user.click(dialog.getByRole('button', { name: 'Send request' }));
    expect(quantity).toHaveAccessibleDescription(messages.quantityNotWhole);
    expect(sent).toBeNull();
    await user.clear(quantity);
    await user.type(quantity, '12000');
    expect(quantity).toHaveAccessibleDescription('12,000 pieces');
    expect(dialog.getByLabelText('Quantity of M8 nut')).toBeDisabled();
    await user.click(dialog.getByRole('button', { name: 'Send request' }));
    await expect.poll(() => sent).toEqual({ lines: [{ productId: 'p_bolt', quantity: 12_000 }], message: 'Only the bolts, 12,000 of them' });
  });
});
