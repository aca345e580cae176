import { useId, useState, type ReactNode } from 'react';

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
  /**
   * What a row opens to (an order's lines): the title cell becomes a disclosure button
   * (aria-expanded), and the content is shown in a full-width row under it while open.
   */
  details?: (row: Row) => ReactNode;
}

const th = 'px-3 py-3 text-left text-xs font-bold tracking-wide text-slate-700 uppercase';
const td = 'px-3 py-3 align-middle text-sm text-slate-800';
const disclosure =
  'group -mx-1 inline-flex items-center gap-1.5 rounded px-1 py-0.5 text-left font-semibold text-slate-900 hover:bg-slate-100 hover:underline focus-visible:ring-2 focus-visible:ring-amber-500 focus-visible:outline-none';

function Chevron() {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" className="h-4 w-4 flex-none text-slate-600 transition-transform group-aria-expanded:rotate-90" fill="currentColor">
      <path d="M7.2 4.2a1 1 0 0 1 1.4 0l5.1 5.1a1 1 0 0 1 0 1.4l-5.1 5.1a1 1 0 1 1-1.4-1.4L11.6 10 7.2 5.6a1 1 0 0 1 0-1.4z" />
    </svg>
  );
}

/**
 * The admin and order tables. On a desktop a plain table; at 640 px and narrower (styles.css,
 * `.data-table`) each row becomes a stacked card: the title column on top, every other cell a
 * line labelled by its header (`data-label`), and the actions in one wrapping row at the bottom,
 * so nothing needs sideways scrolling. With `details`, the title opens a row's details under it
 * (on a phone, the lower part of the same card).
 */
export function DataTable<Row>({ columns, rows, rowKey, caption, details }: DataTableProps<Row>) {
  const idBase = useId();
  const [open, setOpen] = useState<ReadonlySet<string>>(() => new Set());
  const toggle = (key: string) =>
    setOpen((before) => {
      const next = new Set(before);
      if (!next.delete(key)) next.add(key);
      return next;
    });
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
          {rows.flatMap((row) => {
            const key = rowKey(row);
            const isOpen = details !== undefined && open.has(key);
            const detailsId = `${idBase}-details-${key}`;
            const cells = (
              <tr key={key} className="data-table-row" data-open={isOpen || undefined}>
                {columns.map((column) => (
                  <td
                    key={column.header}
                    data-label={column.header}
                    className={`${td} data-table-${column.role ?? 'field'} ${column.className ?? ''}`.trim()}
                  >
                    {details && column.role === 'title' ? (
                      <button type="button" className={disclosure} aria-expanded={isOpen} aria-controls={detailsId} onClick={() => toggle(key)}>
                        <Chevron />
                        <span>{column.cell(row)}</span>
                      </button>
                    ) : (
                      column.cell(row)
                    )}
                  </td>
                ))}
              </tr>
            );
            if (!details) return [cells];
            // Always in the DOM so aria-controls names an element; filled only while open.
            return [
              cells,
              <tr key={`${key}-details`} id={detailsId} className="data-table-details" hidden={!isOpen}>
                <td colSpan={columns.length} className="bg-slate-50 px-4 py-4 text-sm text-slate-800">
                  {isOpen ? details(row) : null}
                </td>
              </tr>,
            ];
          })}
        </tbody>
      </table>
    </div>
  );
}
