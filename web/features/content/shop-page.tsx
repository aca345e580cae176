import { SHOP_PAGES, type ShopPageName } from '../../content/shop-pages.ts';

/** Delivery, Terms of use, Privacy policy: the footer's pages. */
export function ShopPage({ name }: { name: ShopPageName }) {
  const page = SHOP_PAGES[name];
  return (
    <article className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="text-3xl font-extrabold text-slate-900">{page.title}</h1>
      <p className="mt-2 text-lg text-slate-700">{page.summary}</p>
      {page.sections.map((section) => (
        <section key={section.heading} className="mt-8">
          <h2 className="text-xl font-bold text-slate-900">{section.heading}</h2>
          {section.paragraphs.map((paragraph) => (
            <p key={paragraph.slice(0, 40)} className="mt-3 text-slate-800">
              {paragraph}
            </p>
          ))}
        </section>
      ))}
    </article>
  );
}
