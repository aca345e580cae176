const columns = [
  { title: 'Services', links: ['Bulk ordering', 'Product sourcing', 'Delivery', 'After-sales support'] },
  { title: 'Company', links: ['About us', 'Contact', 'Jobs', 'Press kit'] },
  { title: 'Legal', links: ['Terms of use', 'Privacy policy', 'Cookie policy'] },
];

export function Footer() {
  return (
    <footer className="mt-16 bg-slate-900 text-slate-300">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 sm:grid-cols-3">
        {columns.map((column) => (
          <div key={column.title}>
            <h2 className="mb-3 text-sm font-bold tracking-wide text-amber-300 uppercase">{column.title}</h2>
            <ul className="space-y-2 text-sm">
              {column.links.map((text) => (
                <li key={text}>{text}</li>
              ))}
            </ul>
          </div>
        ))}
      </div>
      <div className="border-t border-slate-800 py-4 text-center text-sm">
        <p>© {new Date().getFullYear()} Bulkhead</p>
      </div>
    </footer>
  );
}
