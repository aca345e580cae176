import { Link } from '@tanstack/react-router';
import { lazy, Suspense, useId, useState } from 'react';
import { CATALOGUE_COLUMNS } from '#domain/catalog/catalogue-csv.ts';
import { MAX_IMPORT_MEGABYTES } from '#domain/catalog/catalogue-import.ts';
import { webMessages } from '../../lib/web-messages.ts';
import { labels } from '../../lib/labels.ts';
import type { ImportReportDto } from '#http/dto.ts';
import { EXPORT_PRODUCTS_URL, useCheckCatalogueFile, useImportCatalogue } from './api.ts';
import { errorMessage } from '../../lib/error-message.ts';
import { useFocusResult } from '../../lib/focus-result.ts';
import { usePageMeta } from '../../lib/page-meta.ts';
import { DashboardSection } from '../../components/layout/dashboard-section.tsx';
import { Button, buttonClass } from '../../components/ui/button.tsx';

const count = (n: number) => n.toLocaleString('en-US');

/** The server's words for a refused file load with the refusal (docs/storefront.md, "First-load JavaScript"). */
const Problems = lazy(() => import('./import-problems.tsx'));

/** A clean dry run: what the import will do, and the button that does it. */
function ReadyToImport({ report, fileName, onImport }: { report: ImportReportDto; fileName: string; onImport: () => void }) {
  const panel = useFocusResult<HTMLDivElement>(true);
  const changes = report.created + report.updated;
  return (
    <div ref={panel} tabIndex={-1} role="status" className="space-y-3 rounded-lg border border-emerald-200 bg-emerald-50 p-4 outline-none">
      <h2 className="font-bold text-emerald-900">{fileName} is ready</h2>
      <p className="text-sm text-emerald-900">
        {count(report.created)} new, {count(report.updated)} updated, {count(report.unchanged)} unchanged.
      </p>
      {changes > 0 ? <Button onClick={onImport}>Import {count(changes)} {changes === 1 ? 'product' : 'products'}</Button> : <p className="text-sm">Nothing to import: the catalogue already matches this file.</p>}
    </div>
  );
}

/** While the real import runs: the upload's share of the bar, then the server writing every row. */
function ImportProgress({ sent }: { sent: number }) {
  const uploading = sent < 1;
  return (
    <div className="space-y-2" aria-live="polite">
      <p className="text-sm font-semibold text-slate-800">{uploading ? `Uploading… ${Math.round(sent * 100)}%` : 'Importing: saving every row in one go…'}</p>
      {/* Indeterminate (no aria-valuenow) once the file is sent: the server saves all rows in one transaction. */}
      <div
        role="progressbar"
        aria-label="Import progress"
        aria-valuemin={0}
        aria-valuemax={100}
        {...(uploading ? { 'aria-valuenow': Math.round(sent * 100) } : {})}
        className="h-3 overflow-hidden rounded-full bg-slate-200"
      >
        <div className={`h-full bg-amber-500 transition-[width] ${uploading ? '' : 'animate-pulse'}`} style={{ width: `${Math.max(5, Math.round(sent * 100))}%` }} />
      </div>
    </div>
  );
}

function Imported({ report }: { report: ImportReportDto }) {
  const panel = useFocusResult<HTMLDivElement>(true);
  return (
    <div ref={panel} tabIndex={-1} role="status" className="space-y-3 rounded-lg border border-emerald-200 bg-emerald-50 p-4 outline-none">
      <h2 className="font-bold text-emerald-900">{webMessages.importDone(report.created, report.updated)}</h2>
      <Link to="/dashboard/manageProduct" className={buttonClass('secondary')}>
        {labels.manageProducts}
      </Link>
    </div>
  );
}

/**
 * Import catalogue (admin): choose a CSV or TSV file in the export's columns; a dry run checks
 * every row at once and lists the problems; a clean file is then imported, all or nothing, with a
 * progress bar (docs/catalogue.md, "Catalogue import and export").
 */
export function ImportCataloguePage() {
  usePageMeta(labels.importCatalogue, 'Add and update products from a CSV or TSV file.');
  const inputId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [sent, setSent] = useState(0);
  const check = useCheckCatalogueFile();
  const save = useImportCatalogue(setSent);

  const choose = (chosen: File | null) => {
    setFile(chosen);
    save.reset();
    setSent(0);
    if (chosen) check.mutate(chosen);
    else check.reset();
  };
  const fileProblem = check.isError ? errorMessage(check.error) : null;

  return (
    <DashboardSection id="import-catalogue" title={labels.importCatalogue}>
      <div className="max-w-3xl space-y-5">
        <p className="text-sm text-slate-700">
          One product per row, in the columns of the export: <code className="text-xs break-words">{CATALOGUE_COLUMNS.join(', ')}</code>. A row whose SKU
          the shop knows updates that product; a new SKU adds one. Nothing changes until every row is right.{' '}
          <a href={EXPORT_PRODUCTS_URL} download className="font-semibold underline">
            Download the current catalogue
          </a>{' '}
          to start from.
        </p>
        <div className="space-y-1">
          <label htmlFor={inputId} className="block text-sm font-semibold text-slate-800">
            Catalogue file (CSV or TSV, up to {MAX_IMPORT_MEGABYTES} MB)
          </label>
          <input
            id={inputId}
            type="file"
            accept=".csv,.tsv,.txt,text/csv,text/tab-separated-values"
            aria-invalid={fileProblem ? true : undefined}
            aria-describedby={fileProblem ? `${inputId}-problem` : undefined}
            disabled={save.isPending}
            onChange={(event) => choose(event.target.files?.[0] ?? null)}
            className="block w-full text-sm file:mr-3 file:rounded-md file:border-0 file:bg-slate-900 file:px-4 file:py-2 file:font-semibold file:text-white"
          />
          {check.isPending && <p className="text-sm text-slate-700">Checking {file?.name}…</p>}
          {fileProblem && (
            <p id={`${inputId}-problem`} role="alert" className="text-sm font-semibold text-red-700">
              {fileProblem}
            </p>
          )}
        </div>
        {file && check.data && !save.isPending && !save.isSuccess && (
          check.data.errors.length > 0 ? (
            <Suspense fallback={null}>
              <Problems report={check.data} fileName={file.name} />
            </Suspense>
          ) : (
            <ReadyToImport report={check.data} fileName={file.name} onImport={() => save.mutate(file)} />
          )
        )}
        {save.isPending && <ImportProgress sent={sent} />}
        {save.isSuccess && <Imported report={save.data} />}
      </div>
    </DashboardSection>
  );
}
