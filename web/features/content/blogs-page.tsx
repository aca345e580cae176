import { blogArticles } from './blog-articles.ts';
import { proseClass } from './prose.ts';

/** /blogs: the five articles, rendered from web/content/blogs/*.md. */
export function BlogsPage() {
  return (
    <div className="mx-auto max-w-4xl px-4 py-12">
      <h1 className="text-3xl font-extrabold text-slate-900">Our Blogs</h1>
      <p className="mt-3 text-slate-700">Short, practical answers to questions we are often asked about building a shop like this one.</p>
      <nav aria-label="Articles" className="mt-6 rounded-lg border border-slate-200 bg-white p-5">
        <ol className="list-decimal space-y-2 pl-5">
          {blogArticles.map((article) => (
            <li key={article.slug}>
              <a href={`#${article.slug}`} className="font-semibold text-slate-900 underline decoration-amber-500 underline-offset-4 hover:text-amber-800">
                {article.title}
              </a>
            </li>
          ))}
        </ol>
      </nav>
      {blogArticles.map((article) => (
        <article key={article.slug} id={article.slug} aria-labelledby={`${article.slug}-title`} className="mt-10 scroll-mt-6 rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
          <h2 id={`${article.slug}-title`} className="text-2xl font-extrabold text-slate-900">
            {article.title}
          </h2>
          <p className="mt-2 text-lg text-slate-700">{article.summary}</p>
          {/* Our own content files, rendered with raw HTML escaped (see blog-articles.ts). */}
          <div className={proseClass} dangerouslySetInnerHTML={{ __html: article.html }} />
        </article>
      ))}
    </div>
  );
}
