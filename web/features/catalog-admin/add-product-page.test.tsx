import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { waitFor, within } from '@testing-library/react';
import { messages } from '../../lib/messages.ts';
import { labels } from '../../lib/labels.ts';
import type { CategoryNodeDto, ProductDto } from '#http/dto.ts';
import { admin, makeProduct, meOf } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';
import { json, refusal, server, session } from '../../test/server.ts';

const png = (bytes: number, name = 'valve.png') => new File([new Uint8Array(bytes)], name, { type: 'image/png' });

/** A catalogue on the "server": GET lists it newest first, POST adds to the front. */
/** Opens Add Product, fills every field for a tube cutter at `price` and submits. */
const submitTubeCutter = async (price: string) => {
  const view = renderApp('/dashboard/addProduct');
  const { screen, user } = view;
  await user.type(await screen.findByLabelText('Product name'), 'Tube Cutter');
  await user.type(screen.getByLabelText('Price'), price);
  await user.type(screen.getByLabelText('Quantity'), '300');
  await user.type(screen.getByLabelText('Description'), 'Cuts copper tube cleanly.');
  await user.upload(screen.getByLabelText('Image'), png(5_000));
  await user.click(screen.getByRole('button', { name: labels.addProduct }));
  return view;
};

const catalogOnServer = () => {
  const state = { products: [makeProduct({ id: 'p_old', name: 'Old Elbow' })], created: [] as unknown[], uploads: 0 };
  server.use(
    http.get('*/api/products', () => HttpResponse.json({ items: state.products, nextCursor: null })),
    http.post('*/api/uploads', () => {
      state.uploads += 1;
      return HttpResponse.json({ url: '/uploads/abc123.png' }, { status: 201 });
    }),
    http.post('*/api/products', async ({ request }) => {
      const body = (await request.json()) as Partial<ProductDto>;
      state.created.push(body);
      const product = makeProduct({ ...body, id: 'p_new' });
      state.products = [product, ...state.products];
      return HttpResponse.json(product, { status: 201 });
    }),
  );
  return state;
};

describe('Add Product', () => {
  it('shows every required message and the image hint when submitted empty', async () => {
    session.current = meOf(admin);
    const state = catalogOnServer();
    const { screen, user } = renderApp('/dashboard/addProduct');
    const form = within(await screen.findByRole('form', { name: labels.addProduct }));
    expect(form.getByText(labels.imageHint)).toBeInTheDocument();
    await user.click(form.getByRole('button', { name: labels.addProduct }));
    expect(await form.findByText(messages.productNameRequired)).toBeInTheDocument();
    expect(form.getByText(messages.priceRequired)).toBeInTheDocument();
    expect(form.getByText(messages.quantityRequired)).toBeInTheDocument();
    expect(form.getByText(messages.descriptionRequired)).toBeInTheDocument();
    expect(form.getByText(messages.imageMissing)).toBeInTheDocument();
    expect(form.getByLabelText('Image')).toHaveAccessibleDescription(expect.stringContaining(messages.imageMissing));
    expect(state.uploads).toBe(0);
  });

  it('refuses a price and quantity that are not numbers and an image of 1,000,000 bytes, but takes 999,999', async () => {
    session.current = meOf(admin);
    catalogOnServer();
    const { screen, user } = renderApp('/dashboard/addProduct');
    await user.type(await screen.findByLabelText('Price'), '12.5.0');
    await user.type(screen.getByLabelText('Quantity'), '-3');
    await user.tab();
    expect(await screen.findByText(messages.priceNotNumber)).toBeInTheDocument();
    expect(screen.getByText(messages.quantityNotWhole)).toBeInTheDocument();
    const image = screen.getByLabelText('Image');
    await user.upload(image, png(1_000_000));
    expect(await screen.findByText(messages.imageTooLarge)).toBeInTheDocument();
    await user.upload(image, png(999_999));
    expect(screen.queryByText(messages.imageTooLarge)).not.toBeInTheDocument();
    expect(screen.getByText('Selected: valve.png (1,000 kB)')).toBeInTheDocument();
  });

  it('uploads, creates the product in cents, shows the steps, toasts, resets, and the home page lists it first', async () => {
    session.current = meOf(admin);
    const state = catalogOnServer();
    let releaseUpload: () => void = () => {};
    const uploadHeld = new Promise<void>((resolve) => (releaseUpload = resolve));
    server.use(
      http.post('*/api/uploads', async () => {
        await uploadHeld;
        return HttpResponse.json({ url: '/uploads/abc123.png' }, { status: 201 });
      }),
    );
    // The home page's list is cached first, so only invalidation can show the new product.
    const { screen, user, history } = renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Old Elbow' })).toBeInTheDocument();
    history.push('/dashboard/addProduct');
    await user.type(await screen.findByLabelText('Product name'), 'Brass Ball Valve 1/2"');
    await user.type(screen.getByLabelText('Price'), '$8.40');
    await user.type(screen.getByLabelText('Quantity'), '750');
    await user.type(screen.getByLabelText('Description'), 'Full-bore brass ball valve with a lever handle.');
    await user.upload(screen.getByLabelText('Image'), png(2_000));
    await user.click(screen.getByRole('button', { name: labels.addProduct }));

    const busy = await screen.findByRole('button', { name: 'Uploading image…' });
    expect(busy).toBeDisabled();
    releaseUpload();
    expect(await screen.findByText(messages.productAdded)).toBeInTheDocument();
    expect(state.created).toEqual([
      {
        name: 'Brass Ball Valve 1/2"',
        description: 'Full-bore brass ball valve with a lever handle.',
        imageUrl: '/uploads/abc123.png',
        priceCents: 840,
        stock: 750,
      },
    ]);
    expect(screen.getByLabelText('Product name')).toHaveValue('');
    expect(screen.getByLabelText('Price')).toHaveValue('');
    expect(screen.queryByText(/Selected:/)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: labels.addProduct })).toBeEnabled();

    history.push('/');
    const newProducts = within((await screen.findByRole('heading', { name: 'New Products' })).closest('section')!);
    await expect.poll(() => newProducts.queryAllByRole('article')[0]?.textContent).toContain('Brass Ball Valve 1/2"');
  });

  it('files the product with its part number, category, brand, unit, minimum, pack size, volume prices and specs, and shows a taken part number under its field', async () => {
    session.current = meOf(admin);
    const state = catalogOnServer();
    const tree: CategoryNodeDto[] = [
      { id: 'c_fast', name: 'Fasteners', slug: 'fasteners', parentId: null, productCount: 0, children: [{ id: 'c_bolts', name: 'Bolts & Screws', slug: 'bolts-screws', parentId: 'c_fast', productCount: 0, children: [] }] },
    ];
    server.use(http.get('*/api/categories', () => json<CategoryNodeDto[]>(tree)));
    const { screen, user } = renderApp('/dashboard/addProduct');
    await user.type(await screen.findByLabelText('Product name'), 'Hex Bolt M8');
    await user.type(screen.getByLabelText('Price'), '24.50');
    await user.type(screen.getByLabelText('Quantity'), '1800');
    await user.type(screen.getByLabelText('Description'), 'Stainless hex bolts.');
    await user.upload(screen.getByLabelText('Image'), png(2_000));
    await user.type(screen.getByLabelText('Part number (SKU)'), 'bad sku!');
    await user.tab();
    expect(await screen.findByText(messages.skuCharacters)).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Part number (SKU)'));
    await user.type(screen.getByLabelText('Part number (SKU)'), 'fb-m8-40');
    await screen.findByRole('option', { name: 'Fasteners › Bolts & Screws' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Category' }), 'c_bolts');
    expect(screen.getByRole('combobox', { name: 'Category' })).toHaveDisplayValue('Fasteners › Bolts & Screws');
    await user.type(screen.getByLabelText('Brand'), 'Boltline');
    await user.type(screen.getByLabelText('Sold by'), 'box of 100');
    await user.type(screen.getByLabelText('Minimum order'), '50');
    await user.tab();
    expect(await screen.findByText(messages.atLeast(100))).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Minimum order'));
    await user.type(screen.getByLabelText('Minimum order'), '200');
    await user.type(screen.getByLabelText('Pack size'), '10');
    await user.click(screen.getByRole('button', { name: 'Add a volume price' }));
    await user.type(screen.getByLabelText('Tier 1: from (units)'), '500');
    await user.type(screen.getByLabelText('Tier 1: unit price'), '22.00');
    await user.click(screen.getByRole('button', { name: 'Add a volume price' }));
    await user.click(screen.getByRole('button', { name: 'Remove tier 2' }));
    expect(screen.queryByLabelText('Tier 2: from (units)')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add a spec' }));
    await user.type(screen.getByLabelText('Spec 1: name'), 'Thread');
    await user.type(screen.getByLabelText('Spec 1: value'), 'M8');
    server.use(http.post('*/api/products', () => refusal(409, 'SKU_TAKEN', messages.skuTaken('FB-M8-40'), { sku: messages.skuTaken('FB-M8-40') }), { once: true }));
    await user.click(screen.getByRole('button', { name: labels.addProduct }));
    expect(await screen.findAllByText(messages.skuTaken('FB-M8-40'))).not.toHaveLength(0);
    await waitFor(() => expect(screen.getByLabelText('Part number (SKU)')).toHaveFocus());
    await user.clear(screen.getByLabelText('Part number (SKU)'));
    await user.type(screen.getByLabelText('Part number (SKU)'), 'fb-m8-40-a2');
    await user.click(screen.getByRole('button', { name: labels.addProduct }));
    expect(await screen.findByText(messages.productAdded)).toBeInTheDocument();
    expect(state.created).toEqual([
      expect.objectContaining({
        sku: 'fb-m8-40-a2',
        categoryId: 'c_bolts',
        brand: 'Boltline',
        unit: 'box of 100',
        minOrderQuantity: 200,
        packSize: 10,
        priceCents: 2_450,
        stock: 1_800,
        priceTiers: [{ minQuantity: 500, unitPriceCents: 2_200 }],
        attributes: [{ name: 'Thread', value: 'M8' }],
      }),
    ]);
  });

  it('shows a refused volume price and spec under their own rows, counting past a row left empty', async () => {
    session.current = meOf(admin);
    catalogOnServer();
    server.use(http.get('*/api/categories', () => json<CategoryNodeDto[]>([])));
    const { screen, user } = renderApp('/dashboard/addProduct');
    await user.type(await screen.findByLabelText('Product name'), 'Hex Nut M8');
    await user.type(screen.getByLabelText('Price'), '0.40');
    await user.type(screen.getByLabelText('Quantity'), '5000');
    await user.type(screen.getByLabelText('Description'), 'A2 stainless.');
    await user.upload(screen.getByLabelText('Image'), png(2_000));
    for (let n = 0; n < 3; n++) await user.click(screen.getByRole('button', { name: 'Add a volume price' }));
    await user.type(screen.getByLabelText('Tier 1: from (units)'), '500');
    await user.type(screen.getByLabelText('Tier 1: unit price'), '0.35');
    await user.type(screen.getByLabelText('Tier 3: from (units)'), '1000');
    await user.type(screen.getByLabelText('Tier 3: unit price'), '0.36');
    await user.click(screen.getByRole('button', { name: 'Add a spec' }));
    await user.type(screen.getByLabelText('Spec 1: name'), 'Thread');
    await user.type(screen.getByLabelText('Spec 1: value'), 'M8');
    const falling = messages.tierPriceNotFalling('$0.35');
    server.use(
      http.post('*/api/products', () =>
        refusal(400, 'VALIDATION_FAILED', falling, { 'priceTiers.1.unitPriceCents': falling, 'attributes.0.value': messages.tooLong(200) }),
      ),
    );
    await user.click(screen.getByRole('button', { name: labels.addProduct }));
    await waitFor(() => expect(screen.getByLabelText('Tier 3: unit price')).toHaveAccessibleDescription(expect.stringContaining(falling)));
    expect(screen.getByLabelText('Tier 2: unit price')).not.toHaveAccessibleDescription(expect.stringContaining(falling));
    expect(screen.getByLabelText('Spec 1: value')).toHaveAccessibleDescription(expect.stringContaining(messages.tooLong(200)));
  });

  it('shows the server refusal of the image under the image field and keeps what was typed', async () => {
    session.current = meOf(admin);
    catalogOnServer();
    server.use(http.post('*/api/uploads', () => refusal(413, 'PAYLOAD_TOO_LARGE', messages.imageTooLarge)));
    const { screen } = await submitTubeCutter('19');
    expect(await screen.findAllByText(messages.imageTooLarge)).toHaveLength(2);
    expect(screen.getByLabelText('Image')).toHaveAccessibleDescription(expect.stringContaining(messages.imageTooLarge));
    expect(screen.getByLabelText('Product name')).toHaveValue('Tube Cutter');
  });

  it('says the product could not be added when the server fails', async () => {
    session.current = meOf(admin);
    catalogOnServer();
    server.use(http.post('*/api/products', () => refusal(500, 'INTERNAL', messages.serverError)));
    const { screen } = await submitTubeCutter('19.99');
    expect(await screen.findByText(messages.productAddFailed)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: labels.addProduct })).toBeEnabled();
  });

  it('says image uploads are down for now when the image host is unavailable (503)', async () => {
    session.current = meOf(admin);
    catalogOnServer();
    server.use(
      http.post('*/api/uploads', () =>
        refusal(503, 'SERVICE_UNAVAILABLE', messages.serviceUnavailable.images),
      ),
    );
    const { screen } = await submitTubeCutter('19.99');
    // Under the image field and in the toast.
    expect(await screen.findAllByText(messages.serviceUnavailable.images)).toHaveLength(2);
  });
});
