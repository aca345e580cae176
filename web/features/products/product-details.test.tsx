import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { within } from '@testing-library/react';
import { adviseQuantity } from '#domain/catalog/quantity-advice.ts';
import type { CategoryNodeDto, ProductDto, QuantityAdviceDto } from '#http/dto.ts';
import { customer, makeProduct, meOf } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';
import { json, server, session } from '../../test/server.ts';

const screws = makeProduct({
  id: 'p_screw',
  sku: 'SCR-4X40-ZN',
  name: 'Wood screw 4×40',
  brand: 'Spax',
  unit: 'piece',
  packSize: 25,
  minOrderQuantity: 100,
  stock: 340,
  priceCents: 120,
  categoryId: 'c_screws',
  category: { id: 'c_screws', name: 'Screws', slug: 'screws' },
  attributes: [
    { name: 'Thread', value: '4 mm' },
    { name: 'Material', value: 'Zinc-plated steel' },
  ],
  priceTiers: [
    { minQuantity: 200, unitPriceCents: 98 },
    { minQuantity: 1000, unitPriceCents: 85 },
  ],
});

const tree: CategoryNodeDto[] = [
  {
    id: 'c_fasteners',
    name: 'Fasteners',
    slug: 'fasteners',
    parentId: null,
    productCount: 3,
    children: [{ id: 'c_screws', name: 'Screws', slug: 'screws', parentId: 'c_fasteners', productCount: 3, children: [] }],
  },
];

describe('product page: catalogue details', () => {
  it('shows SKU, brand, the department › category breadcrumb, the spec table and the tier table', async () => {
    session.current = meOf(customer);
    server.use(
      http.get('*/api/products/:id', () => json<ProductDto>(screws)),
      http.get('*/api/categories', () => json<CategoryNodeDto[]>(tree)),
    );
    const { screen } = renderApp('/product/p_screw');
    expect(await screen.findByRole('heading', { level: 1, name: 'Wood screw 4×40' })).toBeInTheDocument();
    expect(screen.getByText('SCR-4X40-ZN')).toBeInTheDocument();
    expect(screen.getByText('Spax')).toBeInTheDocument();
    expect(screen.getByText('piece, in packs of 25 pieces')).toBeInTheDocument();
    const breadcrumb = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(await within(breadcrumb).findByRole('link', { name: 'Fasteners' })).toHaveAttribute('href', '/allProduct?category=fasteners');
    expect(within(breadcrumb).getByRole('link', { name: 'Screws' })).toHaveAttribute('href', '/allProduct?category=screws');
    const specs = screen.getByRole('table', { name: 'Specifications' });
    expect(within(specs).getByRole('rowheader', { name: 'Material' })).toBeInTheDocument();
    expect(within(specs).getByText('Zinc-plated steel')).toBeInTheDocument();
    const tiers = screen.getByRole('table', { name: 'Volume prices' });
    expect(within(tiers).getAllByRole('row').slice(1).map((row) => row.textContent)).toEqual(['100+$1.20', '200+$0.98', '1,000+$0.85']);
  });

  it('gives live quantity advice from the server, offers the fix in one click, and totals at the tier price', async () => {
    session.current = meOf(customer);
    const asked: string[] = [];
    server.use(
      http.get('*/api/products/:id', () => json<ProductDto>(screws)),
      http.get('*/api/categories', () => json<CategoryNodeDto[]>(tree)),
      http.get('*/api/products/:id/quantity-advice', ({ request }) => {
        const quantity = new URL(request.url).searchParams.get('quantity')!;
        asked.push(quantity);
        return json<QuantityAdviceDto>(adviseQuantity(screws, Number(quantity)));
      }),
    );
    const { screen, user } = renderApp('/product/p_screw');
    const quantity = await screen.findByLabelText('Quantity');
    await user.clear(quantity);
    await user.type(quantity, '160');
    expect(await screen.findByText(/Sold in packs of 25: 150 or 175\?/)).toBeInTheDocument();
    expect(asked.at(-1)).toBe('160');
    // Typing pauses before the server is asked: no question for the keystrokes on the way.
    expect(asked).not.toContain('16');
    await user.click(screen.getByRole('button', { name: 'Order 175 pieces' }));
    expect(quantity).toHaveValue('175');
    // The box keeps the focus: leaving it would show its own check above the button, moving the
    // button from under the pointer before the click landed.
    expect(quantity).toHaveFocus();
    expect(await screen.findByText(/Add 25 more to pay \$0\.98 each/)).toBeInTheDocument();
    await user.clear(quantity);
    await user.type(quantity, '400');
    expect(await screen.findByText(/Only 340 in stock/)).toBeInTheDocument();
    await user.clear(quantity);
    await user.type(quantity, '200');
    // 200 reaches the $0.98 tier.
    expect(screen.getByText('Total: $196.00')).toBeInTheDocument();
  });
});
