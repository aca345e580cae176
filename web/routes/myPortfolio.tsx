import { createFileRoute } from '@tanstack/react-router';
import { PortfolioPage } from '../features/content/portfolio-page.tsx';
import { pageMeta } from '../lib/labels.ts';
import { pageHead, siteUrlOf } from '../lib/page-head.ts';

export const Route = createFileRoute('/myPortfolio')({
  head: ({ matches }) => pageHead(siteUrlOf(matches), { ...pageMeta.portfolio, path: '/myPortfolio' }),
  component: PortfolioPage,
});
