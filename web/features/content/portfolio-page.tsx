import type { ReactNode } from 'react';
import portfolioFile from '../../content/portfolio.json';

/** The shape of web/content/portfolio.json; the type check catches an operator's typo at build time. */
export interface Portfolio {
  intro: { heading: string; body: string };
  information: { label: string; value: string; href?: string }[];
  skills: string[];
  projects: { title: string; description: string; url: string; tech: string }[];
}

const portfolio: Portfolio = portfolioFile;

const isExternal = (href: string) => /^https?:\/\//i.test(href);

/** Same-site links stay in the tab; other sites open in a new one. */
function SmartLink({ href, className, children }: { href: string; className?: string; children: ReactNode }) {
  return isExternal(href) ? (
    <a href={href} className={className} target="_blank" rel="noopener noreferrer">
      {children}
    </a>
  ) : (
    <a href={href} className={className}>
      {children}
    </a>
  );
}

/** One titled part of the page, named by its heading for screen readers. */
function PortfolioSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="text-2xl font-extrabold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** /myPortfolio: the shop owner's page, read from web/content/portfolio.json. */
export function PortfolioPage() {
  const content = portfolio;
  return (
    <div className="mx-auto max-w-5xl space-y-12 px-4 py-12">
      <header className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <h1 className="text-3xl font-extrabold text-slate-900">My Portfolio</h1>
        <h2 className="mt-4 text-xl font-bold text-amber-800">{content.intro.heading}</h2>
        <p className="mt-3 max-w-prose leading-7 text-slate-700">{content.intro.body}</p>
      </header>

      <PortfolioSection id="portfolio-information" title="My Information">
        <dl className="mt-4 grid gap-x-6 gap-y-3 rounded-xl border border-slate-200 bg-white p-6 sm:grid-cols-[10rem_1fr]">
          {content.information.map((item) => (
            <div key={item.label} className="contents">
              <dt className="font-semibold text-slate-900">{item.label}</dt>
              <dd className="text-slate-700">
                {item.href ? (
                  <SmartLink href={item.href} className="font-medium text-amber-800 underline">
                    {item.value}
                  </SmartLink>
                ) : (
                  item.value
                )}
              </dd>
            </div>
          ))}
        </dl>
      </PortfolioSection>

      <PortfolioSection id="portfolio-skills" title="My Skills">
        <ul className="mt-4 flex flex-wrap gap-2">
          {content.skills.map((skill) => (
            <li key={skill} className="rounded-full border border-slate-400 bg-white px-4 py-1.5 text-sm font-semibold text-slate-800">
              {skill}
            </li>
          ))}
        </ul>
      </PortfolioSection>

      <PortfolioSection id="portfolio-projects" title="Sample Projects">
        <div className="mt-4 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
          {content.projects.map((project) => (
            <article key={project.title} className="flex flex-col rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
              <h3 className="text-lg font-bold text-slate-900">{project.title}</h3>
              <p className="mt-2 text-slate-700">{project.description}</p>
              <p className="mt-2 text-sm text-slate-600">{project.tech}</p>
              <SmartLink href={project.url} className="mt-auto pt-4 font-semibold text-amber-800 underline">
                Visit {project.title}
              </SmartLink>
            </article>
          ))}
        </div>
      </PortfolioSection>
    </div>
  );
}
