import { createFileRoute } from '@tanstack/react-router';
import { BlogsPage } from '../features/content/blogs-page.tsx';
import { pageMeta } from '../lib/labels.ts';
import { pageHead, siteUrlOf } from '../lib/page-head.ts';

// The router plugin splits this component (and the markdown renderer with it) into its own chunk.
export const Route = createFileRoute('/blogs')({
  head: ({ matches }) => pageHead(siteUrlOf(matches), { ...pageMeta.blogs, path: '/blogs' }),
  component: BlogsPage,
});
