import { Bar, CartesianGrid, ComposedChart, Legend, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { SalesReportDto } from '#http/dto.ts';
import { formatCents } from '../../lib/format.ts';

const shortDay = (day: string) => new Date(`${day}T00:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
const dollars = (cents: number) => `$${Math.round(cents / 100).toLocaleString('en-US')}`;

/**
 * Revenue (bars) and paid orders (line) per day. Its own module, loaded only when an admin opens
 * the overview, so the chart library never reaches a shopper's browser (`npm run audit:web`).
 * Screen readers get the same numbers from the table beside it; the chart itself is hidden.
 */
export default function SalesChart({ perDay }: { perDay: SalesReportDto['perDay'] }) {
  return (
    <div aria-hidden="true" className="h-64 w-full sm:h-72">
      <ResponsiveContainer width="100%" height="100%">
        <ComposedChart data={perDay} margin={{ top: 8, right: 8, bottom: 0, left: 0 }} accessibilityLayer={false}>
          <CartesianGrid stroke="#e2e8f0" vertical={false} />
          <XAxis dataKey="day" tickFormatter={shortDay} tick={{ fontSize: 12, fill: '#334155' }} minTickGap={24} />
          <YAxis yAxisId="revenue" tickFormatter={dollars} tick={{ fontSize: 12, fill: '#334155' }} width={64} />
          <YAxis yAxisId="orders" orientation="right" allowDecimals={false} tick={{ fontSize: 12, fill: '#334155' }} width={32} />
          {/* Which mark is which, and so which axis: revenue on the left, orders on the right. */}
          <Legend verticalAlign="top" height={28} iconSize={10} wrapperStyle={{ fontSize: 12 }} formatter={(name) => <span className="text-slate-700">{name === 'Revenue' ? 'Revenue ($, left)' : 'Paid orders (right)'}</span>} />
          <Tooltip
            labelFormatter={(day) => shortDay(String(day))}
            formatter={(value, name) => (name === 'Revenue' ? formatCents(Number(value)) : String(value))}
          />
          <Bar yAxisId="revenue" dataKey="revenueCents" name="Revenue" fill="#f59e0b" radius={[3, 3, 0, 0]} isAnimationActive={false} />
          <Line yAxisId="orders" dataKey="orders" name="Paid orders" stroke="#0f172a" strokeWidth={2} dot={false} isAnimationActive={false} />
        </ComposedChart>
      </ResponsiveContainer>
    </div>
  );
}
