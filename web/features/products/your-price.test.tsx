import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { within } from '@testing-library/react';
import type { CategoryNodeDto, ProductDto, ProductSearchDto, QuantityAdviceDto } from '#http/dto.ts';
import { adviseQuantity } from '#domain/catalog/quantity-advice.ts';
import { customer, makeProduct, meOf } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';
import { json, server, session } from '../../test/server.ts';

// docs/catalogue.md, "Your price": a member's answers carry `yourPrice`; list prices stay beside it.
const yourPrice = { unitPriceCents: 1000, tiers: [{ minQuantity: 500, unitPriceCents: 900 }] };
const listed = makeProduct({ priceCents: 1250, priceTiers: [{ minQuantity: 500, unitPriceCents: 1100 }] });
const priced = { ...listed, yourPrice } as ProductDto;

/** The product as the server answers: the first read as a visitor's (the shared page), later ones priced. */
const productReads = (answers: ProductDto[]) => {
  let reads = 0;
  server.use(http.get('*/api/products/:id', () => json<ProductDto>(answers[Math.min(reads++, answers.length - 1)]!)));
  return () => reads;
};

describe('your price', () => {
  it("shows a member their price and tiers beside the struck list price, re-reading the visitor's answer once", async () => {
    session.current = meOf(customer);
    const reads = productReads([listed, priced]);
    server.use(
      http.get('*/api/products/:id/quantity-advice', ({ request }) =>
        json<QuantityAdviceDto>({ ...adviseQuantity({ ...listed, priceCents: 1000, priceTiers: yourPrice.tiers }, Number(new URL(request.url).searchParams.get('quantity'))), listUnitPriceCents: 1250 }),
      ),
    );
    const { screen } = renderApp('/product/p_wrench');
    expect(await screen.findByText('$10.00 per piece')).toBeInTheDocument();
    expect(screen.getAllByText('Your price').length).toBeGreaterThan(0);
    expect(screen.getByText('List price:').nextElementSibling).toHaveTextContent(/^Price: \$12\.50 per piece$/);
    expect(screen.getByText('List price:').nextElementSibling?.tagName).toBe('S');
    const tiers = screen.getByRole('table', { name: 'Volume prices' });
    expect(within(tiers).getByRole('columnheader', { name: 'Your price' })).toBeInTheDocument();
    const rows = within(tiers).getAllByRole('row').slice(1).map((row) => row.textContent);
    expect(rows).toEqual(['100+$12.50$10.00', '500+$11.00$9.00']);
    // The live total is at the member's price: 100 × $10.00.
    expect(await screen.findByText('Total: $1,000.00')).toBeInTheDocument();
    // The advice for the quantity typed is the member's, marked as such.
    expect(await screen.findByText(/^At this quantity:/)).toHaveTextContent('At this quantity: Your price$10.00 per piece List price $12.50');
    expect(reads()).toBe(2);
  });

  it('shows a visitor the list price only', async () => {
    session.current = null;
    productReads([listed]);
    const { screen } = renderApp('/product/p_wrench');
    expect(await screen.findByRole('heading', { level: 1, name: listed.name })).toBeInTheDocument();
    const tiers = screen.getByRole('table', { name: 'Volume prices' });
    expect(within(tiers).queryByRole('columnheader', { name: 'Your price' })).toBeNull();
    expect(screen.queryByText('Your price')).toBeNull();
  });

  it("never shows a price someone else's session left in the answer to a signed-out tab", async () => {
    session.current = null;
    productReads([priced]);
    const { screen } = renderApp('/product/p_wrench');
    expect(await screen.findByLabelText('Quantity')).toBeInTheDocument();
    expect(screen.queryByText('Your price')).toBeNull();
    expect(screen.queryByText('List price:')).toBeNull();
  });

  it("marks a member's lowest price on the catalogue's cards", async () => {
    session.current = meOf(customer);
    server.use(
      http.get('*/api/categories', () => json<CategoryNodeDto[]>([])),
      http.get('*/api/products', () =>
        json<ProductSearchDto>({ items: [priced], nextCursor: null, total: 1, facets: { categories: [], brands: [], attributes: [] } }),
      ),
    );
    const { screen } = renderApp('/allProduct');
    const card = (await screen.findByRole('heading', { name: listed.name })).closest('article')!;
    expect(await within(card as HTMLElement).findByText('Your price')).toBeInTheDocument();
    expect(within(card as HTMLElement).getByText('$9.00 per piece')).toBeInTheDocument();
    expect(within(card as HTMLElement).getByText(/From \$11\.00/).closest('s')).not.toBeNull();
  });
});
