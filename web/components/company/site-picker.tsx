/**
 * Checkout's site picker (docs/companies.md, "Sites"): a company member picks one of the
 * company's sites and the order's ship-to (address and phone) is filled from it; they can still
 * edit it, or type another address as anyone does. Nothing shows for a user without a company,
 * or whose company has no site.
 */
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Select } from '../ui/input.tsx';
import { myCompanyQuery } from './api.ts';
import type { CompanyAddressDto } from './types.ts';

/** The order's address text for a site: who receives it, then where. */
export const shipToOf = (site: CompanyAddressDto): string => `${site.recipient}\n${site.address}`;

export function CompanySitePicker({ onPick }: { onPick: (site: CompanyAddressDto) => void }) {
  const { data } = useQuery(myCompanyQuery);
  const [chosen, setChosen] = useState('');
  const id = useId();
  const sites = data?.addresses ?? [];
  if (sites.length === 0) return null;
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        Deliver to a site of {data?.company.name}
      </label>
      <Select
        id={id}
        aria-describedby={`${id}-hint`}
        value={chosen}
        onChange={(event) => {
          setChosen(event.target.value);
          const site = sites.find((one) => one.id === event.target.value);
          if (site) onPick(site);
        }}
      >
        <option value="">Another address (type it below)</option>
        {sites.map((site) => (
          <option key={site.id} value={site.id}>
            {site.label}
          </option>
        ))}
      </Select>
      <p id={`${id}-hint`} className="text-xs text-slate-600">
        Picking a site fills the phone and address below.
      </p>
    </div>
  );
}
