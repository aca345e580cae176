import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { labels } from '../../lib/labels.ts';
import type { ProfileDto } from '#http/dto.ts';
import { usePageMeta } from '../../lib/page-meta.ts';
import { useSession } from '../../lib/session.ts';
import { buttonClass } from '../../components/ui/button.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { Avatar } from '../../components/ui/avatar.tsx';
import { DashboardSection } from '../../components/layout/dashboard-section.tsx';

type Placeholder = keyof typeof labels.profilePlaceholders;

const fieldValue = (profile: ProfileDto | null, key: Placeholder): ReactNode => {
  const value = profile?.[key] ?? '';
  if (value === '') return <span className="text-slate-600 italic">{labels.profilePlaceholders[key]}</span>;
  if (key === 'linkedin' || key === 'facebook') {
    return (
      <a href={value} target="_blank" rel="noopener noreferrer" className="break-all text-amber-800 underline hover:text-amber-950">
        {value}
      </a>
    );
  }
  return value;
};

/** My Profile: photo, who the user is, and each profile field or its "Please Add Your …" text. */
export function MyProfilePage() {
  usePageMeta(labels.myProfile, 'Your photo, name, e-mail, address, phone, company, job title, tax/VAT number, education and social links.');
  const session = useSession();
  if (!session) return <Spinner />;
  const { user, profile } = session;
  const rows: [string, ReactNode][] = [
    ['Name', user.name],
    ['Email', user.email],
    ['Address', fieldValue(profile, 'address')],
    ['Phone', fieldValue(profile, 'phone')],
    ['Company name', fieldValue(profile, 'companyName')],
    ['Job title', fieldValue(profile, 'jobTitle')],
    ['Tax/VAT number', fieldValue(profile, 'taxNumber')],
    ['Education', fieldValue(profile, 'education')],
    ['Linkedin', fieldValue(profile, 'linkedin')],
    ['Facebook', fieldValue(profile, 'facebook')],
  ];
  return (
    <DashboardSection id="my-profile" title={labels.myProfile}>
      <div className="rounded-lg border border-slate-200 bg-white p-6">
        <div className="flex flex-col items-center gap-3 sm:flex-row sm:items-center sm:gap-6">
          <Avatar name={user.name} imageUrl={profile?.imageUrl} className="h-24 w-24 text-3xl" />
          <div className="text-center sm:text-left">
            <p className="text-lg font-bold text-slate-900">{user.name}</p>
            <p className="text-slate-700">{user.email}</p>
          </div>
        </div>
        <dl className="mt-6 divide-y divide-slate-100">
          {rows.map(([term, value]) => (
            <div key={term} className="grid gap-1 py-3 sm:grid-cols-[9rem_1fr]">
              <dt className="text-sm font-semibold text-slate-700">{term}</dt>
              <dd className="text-slate-900">{value}</dd>
            </div>
          ))}
        </dl>
        <Link to="/editProfile" className={buttonClass('secondary', 'mt-6')}>
          {labels.editProfile}
        </Link>
      </div>
    </DashboardSection>
  );
}
