import type { ImportReportDto } from '#http/dto.ts';
import { messages } from '../../lib/messages.ts';
import { useFocusResult } from '../../lib/focus-result.ts';
import { DataTable, type Column } from '../../components/data-table/data-table.tsx';

type RowProblem = ImportReportDto['errors'][number];

const problemColumns: Column<RowProblem>[] = [
  { header: 'Row', role: 'title', cell: (problem) => `Row ${problem.row}` },
  { header: 'Column', cell: (problem) => (problem.field === 'row' ? 'the whole row' : problem.field) },
  { header: 'Problem', cell: (problem) => problem.message },
];

const count = (n: number) => n.toLocaleString('en-US');

/** The dry run said the file is bad: every problem, by row and column, to fix in the spreadsheet. */
export default function Problems({ report, fileName }: { report: ImportReportDto; fileName: string }) {
  const panel = useFocusResult<HTMLDivElement>(true);
  return (
    <div ref={panel} tabIndex={-1} role="alert" className="space-y-3 rounded-lg border border-red-200 bg-red-50 p-4 outline-none">
      <h2 className="font-bold text-red-900">
        {fileName}: {messages.importRefused(report.rowsWithProblems)}
      </h2>
      <p className="text-sm text-red-900">
        Fix {report.rowsWithProblems === 1 ? 'this row' : 'these rows'} in your spreadsheet, save it and choose the file again.
        {report.errors.length < report.rowsWithProblems || report.errors.length === 1000 ? ` The first ${count(report.errors.length)} problems are listed.` : ''}
      </p>
      <DataTable caption={`Problems in ${fileName}`} columns={problemColumns} rows={report.errors} rowKey={(problem) => `${problem.row}-${problem.field}`} />
    </div>
  );
}
