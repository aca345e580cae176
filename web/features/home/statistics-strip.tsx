const stats = [
  { value: '72', label: 'Countries', icon: 'M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20zm0 0c3 3 3 17 0 20M12 2c-3 3-3 17 0 20M2 12h20' },
  { value: '535+', label: 'Complete Projects', icon: 'M4 20h16M6 20V9l6-5 6 5v11M10 20v-6h4v6' },
  { value: '273+', label: 'Happy Clients', icon: 'M8 11a3 3 0 1 0 0-6 3 3 0 0 0 0 6zm8 0a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM2 20c0-3 3-5 6-5s6 2 6 5m0-4c1-1 2-1 2-1 3 0 6 2 6 5' },
  { value: '432+', label: 'Feedbacks', icon: 'M4 4h16v12H8l-4 4zM8 9h8M8 12h5' },
];

export function StatisticsStrip() {
  return (
    <section aria-labelledby="trust-heading" className="bg-slate-900 py-12 text-white">
      <div className="mx-auto max-w-7xl px-4">
        <h2 id="trust-heading" className="text-center text-2xl font-extrabold sm:text-3xl">
          Millions of businesses trust us
        </h2>
        <ul className="mt-8 grid grid-cols-2 gap-6 lg:grid-cols-4">
          {stats.map((stat) => (
            <li key={stat.label} className="flex flex-col items-center text-center">
              <svg aria-hidden="true" viewBox="0 0 24 24" className="h-10 w-10 text-amber-400" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round">
                <path d={stat.icon} />
              </svg>
              <span className="mt-2 text-3xl font-black">{stat.value}</span>
              <span className="text-sm text-slate-300">{stat.label}</span>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
