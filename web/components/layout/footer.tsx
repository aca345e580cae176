import { Link } from '@tanstack/react-router';

type FooterLink = { text: string; to: string; hash?: string; params?: { page: string } };

// Every item goes where it says: the catalogue, the contact form on the home page, or a page of its own.
const columns: { title: string; links: FooterLink[] }[] = [
  {
    title: 'Services',
    links: [
      { text: 'Bulk ordering', to: '/allProduct' },
      { text: 'Delivery', to: '/info/$page', params: { page: 'delivery' } },
      { text: 'Product sourcing', to: '/', hash: 'contact' },
    ],
  },
  {
    title: 'Company',
    links: [
      { text: 'Contact', to: '/', hash: 'contact' },
      { text: 'Engineering notes', to: '/blogs' },
    ],
  },
  {
    title: 'Legal',
    links: [
      { text: 'Terms of use', to: '/info/$page', params: { page: 'terms' } },
      { text: 'Privacy and cookies', to: '/info/$page', params: { page: 'privacy' } },
    ],
  },
];

export function Footer() {
  return (
    <footer className="mt-16 bg-slate-900 text-slate-300">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 sm:grid-cols-3">
        {columns.map((column) => (
          <nav key={column.title} aria-label={column.title}>
            <h2 className="mb-3 text-sm font-bold tracking-wide text-amber-300 uppercase">{column.title}</h2>
            <ul className="space-y-2 text-sm">
              {column.links.map((link) => (
                <li key={link.text}>
                  <Link to={link.to} params={link.params} hash={link.hash} className="hover:text-white hover:underline focus-visible:underline">
                    {link.text}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="border-t border-slate-800 py-4 text-center text-sm">
        <p>© {new Date().getFullYear()} Bulkhead</p>
      </div>
    </footer>
  );
}
