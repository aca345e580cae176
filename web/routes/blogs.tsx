import { createFileRoute } from '@tanstack/react-router';
import { BlogsPage } from '../features/content/blogs-page.tsx';

// The router plugin splits this component (and the markdown renderer with it) into its own chunk.
export const Route = createFileRoute('/blogs')({ component: BlogsPage });
