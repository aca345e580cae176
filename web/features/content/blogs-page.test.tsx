import { describe, expect, it } from 'vitest';
import { within } from '@testing-library/react';
import { renderApp } from '../../test/render-app.tsx';
import { blogArticles } from './blog-articles.ts';
import { readFrontmatter, renderMarkdown, toArticle } from './markdown.ts';

const TITLES = [
  'How do you improve the performance of a React application?',
  'What are the different ways to manage state in a React application?',
  'How does prototypal inheritance work?',
  'What is a unit test, and why should you write unit tests?',
  'How would you implement a search to find products by name?',
];

describe('/blogs', () => {
  it('renders the five articles under "Our Blogs", each with its summary, sections and code', async () => {
    const { screen } = renderApp('/blogs');
    expect(await screen.findByRole('heading', { level: 1, name: 'Our Blogs' })).toBeInTheDocument();
    const articles = screen.getAllByRole('article');
    expect(articles.map((article) => within(article).getByRole('heading', { level: 2 }).textContent)).toEqual(TITLES);
    expect(articles[2]).toHaveAccessibleName(TITLES[2]);
    const contents = within(screen.getByRole('navigation', { name: 'Articles' }));
    expect(contents.getByRole('link', { name: TITLES[2] })).toHaveAttribute('href', '#prototypal-inheritance');
    expect(articles[2]).toHaveAttribute('id', 'prototypal-inheritance');

    for (const article of articles) {
      // Every article has at least one code example, as a keyboard-scrollable block.
      const blocks = article.querySelectorAll('pre');
      expect(blocks.length).toBeGreaterThan(0);
      for (const block of blocks) expect(block).toHaveAttribute('tabindex', '0');
    }
    const performance = within(articles[0]!);
    expect(performance.getByText('Measure first, then render less, render cheaper and ship less JavaScript.')).toBeInTheDocument();
    // The articles' own "##" sections sit one level under the article title.
    expect(performance.getByRole('heading', { level: 3, name: '1. Measure before you change anything' })).toBeInTheDocument();
    expect(performance.getByText(/const AdminPage = lazy/)).toBeInTheDocument();
    expect(document.title).toBe('Our Blogs | Bulkhead');
  });
});

describe('blog articles', () => {
  it('are read from the content folder in file-name order', () => {
    expect(blogArticles.map((article) => article.slug)).toEqual([
      'react-performance',
      'state-management',
      'prototypal-inheritance',
      'unit-tests',
      'search-products-by-name',
    ]);
  });

  it('need a title and a summary, and say which file lacks them', () => {
    expect(readFrontmatter('---\ntitle: A: B\nsummary: S\n---\nBody', 'x.md')).toEqual({ title: 'A: B', summary: 'S', body: 'Body' });
    expect(() => readFrontmatter('---\ntitle: Only a title\n---\nBody', 'blogs/06-new.md')).toThrow('blogs/06-new.md: the frontmatter needs a title and a summary');
    expect(() => readFrontmatter('# No frontmatter', 'blogs/07.md')).toThrow('blogs/07.md: the article must start with a --- frontmatter block');
  });

  it('show raw HTML in a content file as text instead of running it', () => {
    const html = renderMarkdown('Hello\n\n<img src=x onerror="alert(1)">\n\nand <script>alert(2)</script> inline');
    expect(html).not.toMatch(/<img|<script/);
    expect(html).toContain('&lt;img src=x onerror=&quot;alert(1)&quot;&gt;');
    expect(toArticle('dir/09-x.md', '---\ntitle: T\nsummary: S\n---\n## Part').html).toBe('<h3>Part</h3>\n');
  });
});
