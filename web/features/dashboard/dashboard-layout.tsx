import { Link, Outlet } from '@tanstack/react-router';
import { useState } from 'react';
import { labels } from '../../lib/labels.ts';
import { isAdmin, useSession } from '../../lib/session.ts';

const menuLink =
  'block rounded-md px-3 py-2 text-sm font-medium text-slate-800 hover:bg-amber-100 focus-visible:ring-2 focus-visible:ring-amber-500 focus-visible:outline-none [&.active]:bg-slate-900 [&.active]:text-white';

function SideMenu({ admin, onNavigate }: { admin: boolean; onNavigate: () => void }) {
  const links = admin
    ? ([
        ['/dashboard', labels.overview],
        ['/dashboard/myProfile', labels.myProfile],
        ['/dashboard/allUsers', labels.allUsers],
        ['/dashboard/addProduct', labels.addProduct],
        ['/dashboard/manageProduct', labels.manageProducts],
        ['/dashboard/categories', labels.categories],
        ['/dashboard/allOrders', labels.manageAllOrders],
        ['/dashboard/companies', labels.companies],
        ['/dashboard/allQuotes', labels.quoteRequests],
        ['/dashboard/returns', labels.returns],
        ['/dashboard/paymentsToRefund', labels.paymentsToRefund],
        ['/dashboard/reviews', labels.manageReviews],
        ['/dashboard/messages', labels.inbox],
        ['/dashboard/auditLog', labels.auditLog],
      ] as const)
    : ([
        ['/dashboard', labels.myOrder],
        ['/dashboard/quotes', labels.quotes],
        ['/dashboard/company', labels.company],
        ['/dashboard/review', labels.addReview],
        ['/dashboard/myProfile', labels.myProfile],
      ] as const);
  return (
    <ul className="space-y-1">
      {links.map(([to, text]) => (
        <li key={to}>
          <Link to={to} className={menuLink} activeOptions={{ exact: true }} onClick={onNavigate}>
            {text}
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** The dashboard: a heading, a role-dependent side menu (a toggle on phones) and the page. */
export function DashboardLayout() {
  const session = useSession();
  const [menuOpen, setMenuOpen] = useState(false);
  const admin = isAdmin(session);
  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <h1 className="text-2xl font-extrabold text-slate-900 sm:text-3xl">{labels.dashboardWelcome}</h1>
      <button
        type="button"
        className="mt-4 rounded-md border border-slate-400 px-3 py-2 text-sm font-semibold md:hidden"
        aria-expanded={menuOpen}
        aria-controls="dashboard-menu"
        onClick={() => setMenuOpen((open) => !open)}
      >
        {menuOpen ? 'Hide dashboard menu' : 'Show dashboard menu'}
      </button>
      <div className="mt-6 grid gap-6 md:grid-cols-[14rem_1fr]">
        <nav
          id="dashboard-menu"
          aria-label="Dashboard"
          className={`${menuOpen ? 'block' : 'hidden'} rounded-lg border border-slate-200 bg-white p-3 md:block`}
        >
          <SideMenu admin={admin} onNavigate={() => setMenuOpen(false)} />
        </nav>
        <div className="min-w-0">
          <Outlet />
        </div>
      </div>
    </div>
  );
}
