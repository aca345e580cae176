// Runs at build time only (web/content/blog-articles-plugin.ts): the browser receives the
// finished HTML, not the markdown and not `marked`.
import { Marked } from 'marked';

export interface BlogArticle {
  /** From the file name without its order prefix: '01-react-performance.md' → 'react-performance'. */
  slug: string;
  title: string;
  summary: string;
  /** The article body as HTML. */
  html: string;
}

const FRONTMATTER = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?/;

/**
 * Splits an article into its `key: value` frontmatter and its markdown body. The articles are
 * our own files with two keys, so a line-based reader is enough (no YAML features are used);
 * a missing title or summary is a mistake in the file and fails loudly with its name.
 */
export function readFrontmatter(source: string, file: string): { title: string; summary: string; body: string } {
  const match = FRONTMATTER.exec(source);
  if (!match) throw new Error(`${file}: the article must start with a --- frontmatter block`);
  const fields = new Map<string, string>();
  for (const line of (match[1] ?? '').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) fields.set(line.slice(0, colon).trim(), line.slice(colon + 1).trim());
  }
  const title = fields.get('title');
  const summary = fields.get('summary');
  if (!title || !summary) throw new Error(`${file}: the frontmatter needs a title and a summary`);
  return { title, summary, body: source.slice(match[0].length) };
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * The page's h1 is "Our Blogs" and each article title is an h2, so the articles' own `##`
 * headings move one level down. Raw HTML in a content file is shown as text, never run.
 */
const markdown = new Marked({
  gfm: true,
  walkTokens(token) {
    if (token.type === 'heading') token.depth = Math.min(token.depth + 1, 6);
  },
  renderer: {
    html: ({ text }) => escapeHtml(text),
  },
});

export function renderMarkdown(body: string): string {
  // A code block scrolls sideways on small screens; tabindex lets keyboard users scroll it too.
  return markdown.parse(body, { async: false }).replace(/<pre>/g, '<pre tabindex="0">');
}

export function toArticle(file: string, source: string): BlogArticle {
  const { title, summary, body } = readFrontmatter(source, file);
  const name = file.slice(file.lastIndexOf('/') + 1).replace(/\.md$/, '');
  return { slug: name.replace(/^\d+-/, ''), title, summary, html: renderMarkdown(body) };
}
