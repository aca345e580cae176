const promos = [
  { title: 'Best Offer Today !!', tag: 'NEW COLLECTION TOOLS', discount: '30%', deal: 'New Trending', tone: 'from-amber-300 to-yellow-400' },
  { title: "Plumber's Picks!", tag: 'LIMITED STOCK OFFERS', discount: '42%', deal: 'Best Deals', tone: 'from-slate-200 to-slate-300' },
];

export function PromoCards() {
  return (
    <section aria-label="Offers" className="mx-auto grid max-w-7xl gap-6 px-4 py-12 md:grid-cols-2">
      {promos.map((promo) => (
        <article key={promo.title} className={`rounded-xl bg-gradient-to-br ${promo.tone} p-6 text-slate-950 shadow-sm`}>
          <p className="text-xs font-bold tracking-widest">{promo.tag}</p>
          <h2 className="mt-2 text-2xl font-extrabold">{promo.title}</h2>
          <p className="mt-3 text-lg">
            <span className="text-4xl font-black">{promo.discount}</span> off {promo.deal}
          </p>
        </article>
      ))}
    </section>
  );
}
