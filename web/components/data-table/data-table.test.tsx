import { readFileSync } from 'node:fs';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { DataTable, type Column } from './data-table.tsx';

interface Line {
  id: string;
  product: string;
  total: string;
}

const columns: Column<Line>[] = [
  { header: 'Total', cell: (line) => line.total },
  { header: 'Product', role: 'title', cell: (line) => line.product },
  { header: 'Pay', role: 'actions', cell: (line) => <button type="button">Pay {line.product}</button> },
  { header: 'Delete', role: 'actions', cell: (line) => <button type="button">Delete {line.product}</button> },
];
const lines: Line[] = [
  { id: 'a', product: 'Brass Valve', total: '$26.00' },
  { id: 'b', product: 'Copper Elbow', total: '$12.00' },
];

describe('DataTable', () => {
  it('is a named table with a header row and one row per item', () => {
    render(<DataTable caption="My Order" columns={columns} rows={lines} rowKey={(line) => line.id} />);
    const table = screen.getByRole('table', { name: 'My Order' });
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Total', 'Product', 'Pay', 'Delete']);
    expect(within(table).getAllByRole('row')).toHaveLength(3);
  });

  it('marks up each row as a phone card: title cell, cells labelled by their header, every action rendered in an action cell', () => {
    render(<DataTable caption="My Order" columns={columns} rows={lines} rowKey={(line) => line.id} />);
    const table = screen.getByRole('table', { name: 'My Order' });
    expect(table).toHaveClass('data-table');
    expect(table.parentElement).toHaveClass('data-table-frame');
    const rows = within(table).getAllByRole('row').slice(1);
    for (const [index, row] of rows.entries()) {
      const line = lines[index]!;
      expect(row).toHaveClass('data-table-row');
      const cells = within(row).getAllByRole('cell');
      expect(cells.map((cell) => cell.dataset.label)).toEqual(['Total', 'Product', 'Pay', 'Delete']);
      expect(cells.map((cell) => [...cell.classList].find((name) => name.startsWith('data-table-')))).toEqual([
        'data-table-field', 'data-table-title', 'data-table-actions', 'data-table-actions',
      ]);
      expect(cells[1]).toHaveTextContent(line.product);
      expect(within(cells[2]!).getByRole('button', { name: `Pay ${line.product}` })).toBeVisible();
      expect(within(cells[3]!).getByRole('button', { name: `Delete ${line.product}` })).toBeVisible();
    }
  });

  it('with details, makes each title a disclosure button that opens that row alone to a full-width row under it', async () => {
    const user = userEvent.setup();
    render(<DataTable caption="My Order" columns={columns} rows={lines} rowKey={(line) => line.id} details={(line) => <p>Lines of {line.product}</p>} />);
    const table = screen.getByRole('table', { name: 'My Order' });
    expect(within(table).getAllByRole('row')).toHaveLength(3); // closed details rows are hidden
    const valve = within(table).getByRole('button', { name: 'Brass Valve', expanded: false });
    const details = document.getElementById(valve.getAttribute('aria-controls')!);
    expect(details?.tagName).toBe('TR');
    expect(details).not.toBeVisible();
    expect(details?.textContent).toBe(''); // filled only while open

    await user.click(valve);
    expect(valve).toHaveAttribute('aria-expanded', 'true');
    expect(details).toBeVisible();
    expect(details).toHaveTextContent('Lines of Brass Valve');
    expect(within(details!).getByRole('cell')).toHaveAttribute('colspan', '4');
    expect(valve.closest('tr')?.nextElementSibling).toBe(details);
    expect(screen.queryByText('Lines of Copper Elbow')).not.toBeInTheDocument();
    expect(within(table).getByRole('button', { name: 'Copper Elbow' })).toHaveAttribute('aria-expanded', 'false');

    await user.click(valve);
    expect(details).not.toBeVisible();
    expect(screen.queryByText('Lines of Brass Valve')).not.toBeInTheDocument();
  });

  it('without details, has no disclosure and one row per item', () => {
    render(<DataTable caption="My Order" columns={columns} rows={lines} rowKey={(line) => line.id} />);
    expect(screen.queryByRole('button', { name: 'Brass Valve' })).not.toBeInTheDocument();
    expect(document.querySelectorAll('tbody tr')).toHaveLength(2);
  });

  it('has the stylesheet turn those classes into stacked cards at 640 px and narrower', () => {
    // jsdom applies no media queries, so the rules themselves are what can be checked here; the
    // journeys' 390 px screenshots show them applied in Chromium.
    const css = readFileSync('web/styles.css', 'utf8') // the web project runs from the repository root;
    const phone = css.slice(css.indexOf('@media (max-width: 640px)'));
    expect(phone).not.toBe(css);
    expect(phone).toMatch(/\.data-table thead \{[^}]*clip-path: inset\(50%\)/);
    expect(phone).toMatch(/\.data-table-row \{[^}]*display: flex;\s*flex-wrap: wrap/);
    expect(phone).toMatch(/td\.data-table-field::before \{[^}]*content: attr\(data-label\)/);
    expect(phone).toMatch(/td\.data-table-actions \{[^}]*flex-wrap: wrap/);
    // An open row's details continue its card.
    expect(phone).toMatch(/\.data-table-details \{[^}]*display: block;[^}]*margin-top: -0\.75rem/);
  });
});
