import type { ReactNode } from 'react';

/** One column: its header, what a row shows in it, and how it sits in the phone card. */
export interface Column<Row> {
  header: string;
  cell: (row: Row) => ReactNode;
  /**
   * 'title' heads the phone card (shown without its header label); 'actions' holds the row's
   * buttons and spans the card's width so each one stays on screen; 'field' (the default) is a
   * label–value line.
   */
  role?: 'title' | 'field' | 'actions';
  className?: string;
}

interface DataTableProps<Row> {
  columns: readonly Column<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  /** Names the table for screen readers (visually hidden). */
  caption: string;
}

const th = 'px-3 py-3 text-left text-xs font-bold tracking-wide text-slate-700 uppercase';
const td = 'px-3 py-3 align-middle text-sm text-slate-800';

/**
 * The admin and order tables. On a desktop a plain table; at 640 px and narrower (styles.css,
 * `.data-table`) each row becomes a stacked card: the title column on top, every other cell a
 * line labelled by its header (`data-label`), and the actions in one wrapping row at the bottom,
 * so nothing needs sideways scrolling.
 */
export function DataTable<Row>({ columns, rows, rowKey, caption }: DataTableProps<Row>) {
  return (
    <div className="data-table-frame rounded-lg border border-slate-200 bg-white">
      <table className="data-table min-w-full divide-y divide-slate-200">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-100">
          <tr>
            {columns.map((column) => (
              <th key={column.header} scope="col" className={th}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((row) => (
            <tr key={rowKey(row)} className="data-table-row">
              {columns.map((column) => (
                <td
                  key={column.header}
                  data-label={column.header}
                  className={`${td} data-table-${column.role ?? 'field'} ${column.className ?? ''}`.trim()}
                >
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
