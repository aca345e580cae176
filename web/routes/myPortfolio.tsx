import { createFileRoute } from '@tanstack/react-router';
import { PortfolioPage } from '../features/content/portfolio-page.tsx';

export const Route = createFileRoute('/myPortfolio')({ component: PortfolioPage });
