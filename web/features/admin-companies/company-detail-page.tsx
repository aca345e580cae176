/**
 * One company for the shop's admin (docs/companies.md, "The shop's company pages" and "Company
 * prices"): who orders for it and how much this month, its sites, its orders, its discount and
 * its contract prices. The price list is edited here and saved whole (the server replaces it).
 */
import { useInfiniteQuery, useQuery, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { centsAsDollars, dollarsToCents } from '#domain/shared/money.ts';
import { MAX_CONTRACT_PRICES, MAX_DISCOUNT_PERCENT } from '#domain/companies/company.ts';
import type { ProductSuggestionDto } from '#http/dto.ts';
import { refusalOf } from '../../lib/error-message.ts';
import { formatCents, formatDate } from '../../lib/format.ts';
import { usePageMeta } from '../../lib/page-meta.ts';
import { productSuggestionsQuery } from '../../components/catalog/api.ts';
import { ProductCombobox } from '../../components/catalog/product-combobox.tsx';
import { DashboardSection } from '../../components/layout/dashboard-section.tsx';
import { buyerStatusText, StatusBadge } from '../../components/orders/order-status.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Input } from '../../components/ui/input.tsx';
import { PagedList } from '../../components/ui/paged-list.tsx';
import { notify } from '../../components/ui/toaster.tsx';
import type { AdminCompanyDetailDto, ContractPriceDto } from '../../components/company/types.ts';
import { adminCompanyQuery, companyOrdersForAdminQuery, contractPricesQuery, useAdminCompanyChanges } from './api.ts';

export function AdminCompanyPage({ companyId }: { companyId: string }) {
  const { data } = useSuspenseQuery(adminCompanyQuery(companyId));
  usePageMeta(data.company.name, 'A business customer: members, sites, orders and prices.');
  return (
    <div className="space-y-10">
      <CompanyHeader detail={data} />
      <DashboardSection id="admin-company-members" title={`Members (${data.members.length})`}>
        <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
          {data.members.map((member) => (
            <li key={member.userId} className="flex flex-col gap-1 p-4 sm:flex-row sm:items-center sm:justify-between">
              <div className="min-w-0">
                <p className="font-semibold break-words text-slate-900">
                  {member.name} <span className="text-xs font-normal text-slate-600">({member.role})</span>
                </p>
                <p className="text-sm break-all text-slate-600">{member.email}</p>
              </div>
              <p className="text-sm text-slate-700">
                {formatCents(member.spentThisMonthCents)}
                {member.monthlyLimitCents === null ? ' this month · no limit' : ` of ${formatCents(member.monthlyLimitCents)} this month`}
              </p>
            </li>
          ))}
        </ul>
      </DashboardSection>
      <DashboardSection id="admin-company-sites" title={`Sites (${data.addresses.length})`}>
        {data.addresses.length === 0 ? (
          <p className="text-sm text-slate-700">No site yet.</p>
        ) : (
          <ul className="grid gap-3 sm:grid-cols-2">
            {data.addresses.map((site) => (
              <li key={site.id} className="rounded-lg border border-slate-200 bg-white p-4 text-sm">
                <p className="font-semibold break-words text-slate-900">{site.label}</p>
                <p className="break-words whitespace-pre-line text-slate-700">{`${site.recipient}\n${site.address}\n${site.phone}`}</p>
              </li>
            ))}
          </ul>
        )}
      </DashboardSection>
      <ContractPrices companyId={companyId} />
      <CompanyOrdersForAdmin companyId={companyId} />
    </div>
  );
}

function CompanyHeader({ detail }: { detail: AdminCompanyDetailDto }) {
  const { company } = detail;
  const { setDiscount } = useAdminCompanyChanges(company.id);
  const [typed, setTyped] = useState(String(company.discountPercent));
  const [problem, setProblem] = useState<string | null>(null);
  const id = useId();
  const save = () => {
    const text = typed.trim();
    const percent = /^\d{1,2}$/.test(text) ? Number(text) : Number.NaN;
    if (!(percent >= 0 && percent <= MAX_DISCOUNT_PERCENT)) {
      setProblem(`Enter a whole percentage from 0 to ${MAX_DISCOUNT_PERCENT}`);
      return;
    }
    setProblem(null);
    setDiscount.mutate(percent, {
      onSuccess: () => notify.success(`${company.name} now has ${percent}% off list prices`),
      onError: (error) => setProblem(refusalOf(error).message),
    });
  };
  return (
    <section aria-labelledby="admin-company-heading" className="rounded-lg border border-slate-200 bg-white p-4 sm:p-6">
      <p className="text-xs font-semibold tracking-wide text-slate-600 uppercase">Company</p>
      <h2 id="admin-company-heading" className="text-2xl font-bold break-words text-slate-900">
        {company.name}
      </h2>
      <dl className="mt-4 grid gap-3 text-sm sm:grid-cols-3">
        <div>
          <dt className="text-slate-600">Tax ID</dt>
          <dd className="font-medium text-slate-900">{company.taxId ?? 'None'}</dd>
        </div>
        <div>
          <dt className="text-slate-600">Spent this month</dt>
          <dd className="font-medium text-slate-900">{formatCents(detail.spentThisMonthCents)}</dd>
        </div>
        <div>
          <dt className="text-slate-600">Customer since</dt>
          <dd className="font-medium text-slate-900">{formatDate(company.createdAt)}</dd>
        </div>
      </dl>
      <form
        noValidate
        className="mt-4 flex flex-wrap items-end gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          save();
        }}
      >
        <div className="w-40">
          <label htmlFor={`${id}-discount`} className="block text-sm font-medium text-slate-800">
            Discount (%)
          </label>
          <Input
            id={`${id}-discount`}
            inputMode="numeric"
            className="mt-1"
            value={typed}
            aria-invalid={problem !== null}
            aria-describedby={`${id}-discount-hint${problem ? ` ${id}-discount-error` : ''}`}
            onChange={(event) => setTyped(event.target.value)}
          />
        </div>
        <Button type="submit" variant="secondary" disabled={setDiscount.isPending}>
          Save discount
        </Button>
        <p id={`${id}-discount-hint`} className="basis-full text-xs text-slate-600">
          Off list and tier prices for every member, 0 to {MAX_DISCOUNT_PERCENT}; a contract price below wins when it is lower.
        </p>
        {problem ? (
          <p id={`${id}-discount-error`} role="alert" className="basis-full text-sm font-medium text-red-700">
            {problem}
          </p>
        ) : null}
      </form>
    </section>
  );
}

interface PriceRow {
  productId: string;
  sku: string;
  name: string;
  listPriceCents: number;
  /** The contract price as typed, in dollars. */
  price: string;
}

const rowOf = (price: ContractPriceDto): PriceRow => ({ ...price, price: centsAsDollars(price.unitPriceCents) });

/** The contract price list: add a product by SKU or name, type its price, remove; Save replaces the list. */
function ContractPrices({ companyId }: { companyId: string }) {
  const { data, isPending, isError } = useQuery(contractPricesQuery(companyId));
  const { savePrices } = useAdminCompanyChanges(companyId);
  const queryClient = useQueryClient();
  const [rows, setRows] = useState<PriceRow[] | null>(null);
  const [search, setSearch] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const id = useId();
  // The list as saved until the admin edits it; from then on, the edited one (Save sends it whole).
  const shown = rows ?? data?.items.map(rowOf) ?? [];
  const add = (product: ProductSuggestionDto) => {
    setSearch('');
    if (shown.some((row) => row.productId === product.id)) {
      setProblem(`${product.sku} is already in the list`);
      return;
    }
    if (shown.length >= MAX_CONTRACT_PRICES) {
      setProblem(`A company can have at most ${MAX_CONTRACT_PRICES.toLocaleString('en-US')} contract prices`);
      return;
    }
    setProblem(null);
    setRows([...shown, { productId: product.id, sku: product.sku, name: product.name, listPriceCents: product.priceCents, price: '' }]);
  };
  /** Enter without a chosen suggestion: the product whose SKU is exactly what was typed. */
  const addTypedSku = async () => {
    const sku = search.trim();
    if (!sku) return;
    try {
      const found = (await queryClient.fetchQuery(productSuggestionsQuery(sku))).find((product) => product.sku.toLowerCase() === sku.toLowerCase());
      if (found) add(found);
      else setProblem(`No product has the SKU ${sku}`);
    } catch (error) {
      setProblem(refusalOf(error).message);
    }
  };
  const save = () => {
    const bad = shown.find((row) => {
      const cents = dollarsToCents(row.price);
      return cents === null || cents < 1;
    });
    if (bad) {
      setProblem(`Enter a price of at least $0.01 for ${bad.sku}`);
      document.getElementById(`${id}-price-${bad.productId}`)?.focus();
      return;
    }
    setProblem(null);
    savePrices.mutate(
      shown.map((row) => ({ productId: row.productId, unitPriceCents: dollarsToCents(row.price) ?? 0 })),
      {
        onSuccess: (answer) => {
          setRows(answer.items.map(rowOf));
          notify.success(`Contract prices saved (${answer.items.length})`);
        },
        onError: (error) => {
          const { message, fields } = refusalOf(error);
          const details = Object.values(fields);
          setProblem(details.length > 0 ? `${message}: ${details.join('; ')}` : message);
        },
      },
    );
  };
  return (
    <DashboardSection id="admin-company-prices" title="Contract prices">
      {isPending ? (
        <p className="text-sm text-slate-600">Loading contract prices…</p>
      ) : isError ? (
        <p role="alert">We could not load the contract prices. Please try again.</p>
      ) : (
        <div className="space-y-4">
          <div className="max-w-md">
            <ProductCombobox
              inputId={`${id}-add`}
              label="Add a product by SKU or name"
              labelClassName="block text-sm font-medium text-slate-800"
              value={search}
              onValueChange={setSearch}
              onPick={add}
              onEnter={() => void addTypedSku()}
              autoCapitalize="characters"
              placeholder="e.g. BH-000123"
              inputClassName="mt-1 block w-full rounded-md border border-slate-400 bg-white px-3 py-2 font-mono text-sm text-slate-900 placeholder:font-sans placeholder:text-slate-500 focus-visible:ring-2 focus-visible:ring-amber-500 focus-visible:outline-none"
            />
          </div>
          {problem ? (
            <p role="alert" className="rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-900">
              {problem}
            </p>
          ) : null}
          {shown.length === 0 ? (
            <p className="text-sm text-slate-700">No contract price: members pay list prices{'\u00a0'}less the discount.</p>
          ) : (
            <ul aria-label="Contract prices" className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
              {shown.map((row) => (
                <li key={row.productId} className="grid grid-cols-[1fr_auto] items-end gap-3 p-3 sm:grid-cols-[1fr_9rem_auto]">
                  <div className="col-span-2 min-w-0 sm:col-span-1">
                    <p className="font-medium break-words text-slate-900">{row.name}</p>
                    <p className="text-xs text-slate-600">
                      <span className="font-mono">{row.sku}</span> · list {formatCents(row.listPriceCents)}
                    </p>
                  </div>
                  <div>
                    <label htmlFor={`${id}-price-${row.productId}`} className="block text-xs font-medium text-slate-800">
                      Price ($) of {row.sku}
                    </label>
                    <Input
                      id={`${id}-price-${row.productId}`}
                      inputMode="decimal"
                      className="mt-1"
                      value={row.price}
                      onChange={(event) => setRows(shown.map((one) => (one.productId === row.productId ? { ...one, price: event.target.value } : one)))}
                    />
                  </div>
                  <Button variant="ghost" aria-label={`Remove ${row.sku}`} onClick={() => setRows(shown.filter((one) => one.productId !== row.productId))}>
                    Remove
                  </Button>
                </li>
              ))}
            </ul>
          )}
          <div className="flex flex-wrap items-center gap-3">
            <Button onClick={save} disabled={savePrices.isPending}>
              Save contract prices
            </Button>
            <p className="text-xs text-slate-600">Saving replaces the company&apos;s whole list with this one.</p>
          </div>
        </div>
      )}
    </DashboardSection>
  );
}

function CompanyOrdersForAdmin({ companyId }: { companyId: string }) {
  const pages = useInfiniteQuery(companyOrdersForAdminQuery(companyId));
  return (
    <DashboardSection id="admin-company-orders" title="Orders">
      <PagedList pages={pages} noun="order" failed="We could not load the company's orders. Please try again." empty="No order yet.">
        {(orders) => (
          <ul aria-label="The company's orders" className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
            {orders.map((order) => (
              <li key={order.id} className="flex flex-col gap-2 p-4 sm:flex-row sm:items-center sm:justify-between">
                <div className="min-w-0">
                  <p className="font-semibold text-slate-900">
                    <span className="font-mono">{order.number}</span> · {formatCents(order.totalCents)}
                  </p>
                  <p className="text-sm text-slate-600">
                    {order.customerName} · {formatDate(order.createdAt)}
                  </p>
                </div>
                <div className="max-w-full sm:max-w-64 sm:text-right">
                  <StatusBadge order={order} text={buyerStatusText(order)} />
                </div>
              </li>
            ))}
          </ul>
        )}
      </PagedList>
    </DashboardSection>
  );
}
