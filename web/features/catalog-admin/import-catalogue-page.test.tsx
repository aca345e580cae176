import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { within } from '@testing-library/react';
import { messages } from '../../lib/messages.ts';
import { labels } from '../../lib/labels.ts';
import type { ImportReportDto, ListDto, ProductDto } from '#http/dto.ts';
import { admin, meOf } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';
import { json, refusal, server, session } from '../../test/server.ts';

const csv = (text: string, name = 'catalogue.csv') => new File([text], name, { type: 'text/csv' });

/** The import endpoint on the "server": a file holding "BAD" has two bad rows; others are clean. */
const importOnServer = () => {
  const calls: { dryRun: boolean; text: string }[] = [];
  server.use(
    http.get('*/api/products', () => json<ListDto<ProductDto>>({ items: [], nextCursor: null })),
    http.post('*/api/admin/products/import', async ({ request }) => {
      const dryRun = new URL(request.url).searchParams.get('dryRun') === 'true';
      const file = (await request.formData()).get('file') as File;
      const text = await file.text();
      calls.push({ dryRun, text });
      if (text === 'not a table') return refusal(400, 'VALIDATION_FAILED', messages.importNeedsSku, { file: messages.importNeedsSku });
      const errors = text.includes('BAD')
        ? [
            { row: 3, field: 'price', message: messages.priceNotNumber },
            { row: 7, field: 'sku', message: messages.skuCharacters },
          ]
        : [];
      return json<ImportReportDto>({ created: 998, updated: 1, unchanged: 1, errors, rowsWithProblems: errors.length });
    }),
  );
  return calls;
};

describe('Import Catalogue (admin)', () => {
  it('is reached from Manage Products; a dry run lists the bad rows, a fixed file imports with progress and says what it did', async () => {
    session.current = meOf(admin);
    const calls = importOnServer();
    const { screen, user, history } = renderApp('/dashboard/manageProduct');
    await user.click(await screen.findByRole('link', { name: labels.importCatalogue }));
    await expect.poll(() => history.location.pathname).toBe('/dashboard/importProducts');

    const input = await screen.findByLabelText(/Catalogue file/);
    await user.upload(input, csv('sku,price\nBAD', 'parts.csv'));
    const problems = await screen.findByRole('alert');
    expect(problems).toHaveTextContent(`parts.csv: ${messages.importRefused(2)}`);
    const table = within(problems).getByRole('table', { name: 'Problems in parts.csv' });
    expect(within(table).getAllByRole('row').map((row) => row.textContent)).toEqual([
      'RowColumnProblem',
      `Row 3price${messages.priceNotNumber}`,
      `Row 7sku${messages.skuCharacters}`,
    ]);
    expect(problems).toHaveFocus();
    expect(screen.queryByRole('button', { name: /^Import / })).not.toBeInTheDocument();

    await user.upload(input, csv('sku,price\nA-1,1.00', 'parts-fixed.csv'));
    expect(await screen.findByText('998 new, 1 updated, 1 unchanged.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Import 999 products' }));
    const done = (await screen.findByRole('heading', { name: messages.importDone(998, 1) })).parentElement!;
    expect(within(done).getByRole('link', { name: labels.manageProducts })).toHaveAttribute('href', '/dashboard/manageProduct');
    expect(calls.map((call) => [call.dryRun, call.text])).toEqual([
      [true, 'sku,price\nBAD'],
      [true, 'sku,price\nA-1,1.00'],
      [false, 'sku,price\nA-1,1.00'],
    ]);
  });

  it('shows the progress bar while the import runs', async () => {
    session.current = meOf(admin);
    importOnServer();
    let finish: () => void = () => {};
    const finished = new Promise<void>((resolve) => (finish = resolve));
    server.use(
      http.post('*/api/admin/products/import', async ({ request }) => {
        if (new URL(request.url).searchParams.get('dryRun') !== 'true') await finished;
        return json<ImportReportDto>({ created: 3, updated: 0, unchanged: 0, errors: [], rowsWithProblems: 0 });
      }),
    );
    const { screen, user } = renderApp('/dashboard/importProducts');
    await user.upload(await screen.findByLabelText(/Catalogue file/), csv('sku\nA-1\nA-2\nA-3'));
    await user.click(await screen.findByRole('button', { name: 'Import 3 products' }));
    expect(await screen.findByRole('progressbar', { name: 'Import progress' })).toBeInTheDocument();
    expect(screen.getByLabelText(/Catalogue file/)).toBeDisabled();
    finish();
    expect(await screen.findByRole('heading', { name: messages.importDone(3, 0) })).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('says why a file cannot be read, under the file field', async () => {
    session.current = meOf(admin);
    importOnServer();
    const { screen, user } = renderApp('/dashboard/importProducts');
    const input = await screen.findByLabelText(/Catalogue file/);
    await user.upload(input, csv('not a table'));
    expect(await screen.findByText(messages.importNeedsSku)).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription(messages.importNeedsSku);
  });
});
