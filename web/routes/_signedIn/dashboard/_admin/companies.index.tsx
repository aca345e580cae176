import { createFileRoute } from '@tanstack/react-router';
import { CompaniesPage } from '../../../../features/admin-companies/companies-page.tsx';

/** The shop's business customers (docs/companies.md, "The shop's company pages"). */
export const Route = createFileRoute('/_signedIn/dashboard/_admin/companies/')({ component: CompaniesPage });
