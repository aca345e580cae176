import { createFileRoute } from '@tanstack/react-router';
import { PageShell } from '../features/pages/page-shell.tsx';

export const Route = createFileRoute('/blogs')({
  component: () => <PageShell level={1} title="Blogs" description="Five articles answering common questions: how to speed up a React app, ways to manage state, how prototypal inheritance works, why unit tests matter, and how to search products by name." />,
});
