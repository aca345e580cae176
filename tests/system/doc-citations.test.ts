/**
 * Comments and documents cite a section of the project's documentation by file and heading
 * (`docs/orders.md, "Cart"` written with the heading in double quotes; a bare `README.md` or
 * `README` is the one at the root). Every such citation must name a heading that exists in that
 * file, and every relative Markdown link in the documents must reach an existing file and
 * heading, so when a section is renamed or moved the citations that pointed at it fail here
 * instead of quietly pointing nowhere.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../support/server.ts';

/** Not the project's own files: installed, generated or written by runs. */
const SKIPPED = new Set(['node_modules', '.git', '.cache', 'dist', 'build', 'data', 'coverage', '.test-results', '.test-data', '.vite', '.tanstack', '.bench']);
/** Files whose comments or text may cite the documentation. */
const SCANNED = /\.(ts|tsx|mjs|js|cjs|md|yaml|yml|html|css)$/;
/** This file: its examples of broken citations are meant to be broken. */
const SELF = 'tests/system/doc-citations.test.ts';

const filesUnder = (dir = ''): string[] =>
  readdirSync(join(repoRoot, dir), { withFileTypes: true }).flatMap((entry) => {
    if (SKIPPED.has(entry.name)) return [];
    const path = dir ? `${dir}/${entry.name}` : entry.name;
    return entry.isDirectory() ? filesUnder(path) : entry.isFile() ? [path] : [];
  });

/** One citation: where it is written, the document it names (repo-relative) and the heading. */
interface Citation {
  in: string;
  doc: string;
  heading: string;
}

/**
 * A citation may run over a line break of a comment (` * `, `// `, `# ` before the next line), so
 * those are joined first. The document is a path ending in `.md` or a bare `README`, optionally
 * written as a Markdown link (`[docs/operations.md](operations.md), "Backups"`: the link text is
 * the repo-relative path); then an optional comma or opening bracket, then the heading in quotes.
 */
const CITATION = /((?:[\w.-]+\/)*(?:README(?:\.md)?|[\w-]+\.md))(?:\]\([^)\s]*\))?\s*,?\s*\(?"([^"]{1,120})"/g;
/** A section named after a document without quotes (`README.md, Security`), which nothing can check. */
const UNQUOTED = /(?:README(?:\.md)?|docs\/[\w/-]+\.md)(?:,|:| section)\s+(?:the\s+)?([A-Z][a-z]+(?: [a-z]+)*)\b(?! *\()/g;

const joinLines = (text: string) => text.replace(/[ \t]*\r?\n[ \t]*(?:\*(?!\/)|\/\/|#(?!#))?[ \t]*/g, ' ');

const documentOf = (cited: string): string => {
  const folder = cited.includes('/') ? cited.slice(0, cited.lastIndexOf('/') + 1) : '';
  const name = cited.slice(folder.length);
  return name === 'README' ? `${folder}README.md` : cited;
};

const citationsIn = (file: string, text: string): Citation[] =>
  [...joinLines(text).matchAll(CITATION)].map(([, doc = '', heading = '']) => ({ in: file, doc: documentOf(doc), heading: heading.replace(/\s+/g, ' ').trim() }));

const unquotedIn = (file: string, text: string): string[] => [...joinLines(text).matchAll(UNQUOTED)].map(([match]) => `${file}: ${match}`);

/** The headings of a Markdown document, outside fenced code. */
const headingsOf = (markdown: string): Set<string> => {
  const headings = new Set<string>();
  let fenced = false;
  for (const line of markdown.split('\n')) {
    if (line.startsWith('```')) fenced = !fenced;
    const heading = !fenced && /^#{1,6}\s+(.+?)\s*#*\s*$/.exec(line);
    if (heading) headings.add(heading[1]!);
  }
  return headings;
};

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens. */
const anchorOf = (heading: string) =>
  heading
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');

const read = (file: string) => readFileSync(join(repoRoot, file), 'utf8');

/** Citations whose document or heading does not exist, as `file: doc, "heading"`. */
const brokenCitations = (citations: readonly Citation[], documents: (doc: string) => string | null): string[] =>
  citations
    .filter((citation) => {
      const markdown = documents(citation.doc);
      return markdown === null || !headingsOf(markdown).has(citation.heading);
    })
    .map((citation) => `${citation.in}: ${citation.doc}, "${citation.heading}"`);

const existing = (doc: string): string | null => {
  try {
    return read(doc);
  } catch {
    return null;
  }
};

/** Relative links of a Markdown file whose file or heading (`#anchor`) does not exist, as `file: target`. */
const brokenLinks = (file: string, markdown: string): string[] => {
  const folder = file.includes('/') ? file.slice(0, file.lastIndexOf('/') + 1) : '';
  return [...markdown.matchAll(/\]\(([^)\s]+)\)/g)]
    .map(([, target = '']) => target)
    .filter((target) => {
      if (/^[a-z]+:/.test(target)) return false;
      const [path = '', anchor] = target.split('#');
      const linked = path ? join(folder, path).replace(/\\/g, '/') : file;
      if (!existsSync(join(repoRoot, linked))) return true;
      return anchor !== undefined && ![...headingsOf(existing(linked) ?? '')].some((heading) => anchorOf(heading) === anchor);
    })
    .map((target) => `${file}: ${target}`);
};

describe('citations of the documentation', () => {
  const files = filesUnder().filter((file) => SCANNED.test(file) && file !== SELF);
  const texts = new Map(files.map((file) => [file, read(file)]));

  it('name a heading that exists in the cited file', () => {
    const citations = [...texts].flatMap(([file, text]) => citationsIn(file, text));
    // Two hundred or so comments cite a section: a handful would mean the pattern reads nothing.
    expect(citations.length).toBeGreaterThan(150);
    expect(brokenCitations(citations, existing)).toEqual([]);
  });

  it('always quote the heading, so that it can be checked', () => {
    expect([...texts].flatMap(([file, text]) => unquotedIn(file, text))).toEqual([]);
  });

  it('reach an existing file and heading through every relative Markdown link', () => {
    const documents = files.filter((file) => file.endsWith('.md'));
    expect(documents.length).toBeGreaterThan(10);
    expect(documents.flatMap((file) => brokenLinks(file, texts.get(file)!))).toEqual([]);
  });

  it('flags a citation across a comment line break, a bare README, a moved section and an unquoted one', () => {
    const source = [
      '/**',
      ' * The variables (README.md, "Run',
      ' * it"), the cart (docs/orders.md,',
      ' * "Orders, cart, quick order") and the layers (README, "How it is built");',
      ' * gone: (docs/orders.md, "Quantity advice"), (README.md, "Catalogue"), (docs/nowhere.md, "Anything").',
      ' */',
      '// Also [docs/operations.md](operations.md), "Backups", and (README.md, Security).',
    ].join('\n');
    const citations = citationsIn('example.ts', source);
    expect(citations.map(({ doc, heading }) => `${doc}, ${heading}`)).toEqual([
      'README.md, Run it',
      'docs/orders.md, Orders, cart, quick order',
      'README.md, How it is built',
      'docs/orders.md, Quantity advice',
      'README.md, Catalogue',
      'docs/nowhere.md, Anything',
      'docs/operations.md, Backups',
    ]);
    expect(brokenCitations(citations, existing)).toEqual([
      'example.ts: docs/orders.md, "Quantity advice"',
      'example.ts: README.md, "Catalogue"',
      'example.ts: docs/nowhere.md, "Anything"',
    ]);
    expect(unquotedIn('example.ts', source)).toEqual(['example.ts: README.md, Security']);
  });

  it('flags a link to a file or a heading that is not there', () => {
    const markdown = [
      'See [operations](operations.md#backups), [the top](#security), [the README](../README.md#read-on),',
      '[a gone file](gone.md), [a gone heading](operations.md#gone) and [a site](https://example.com/x.md).',
    ].join('\n');
    expect(brokenLinks('docs/security.md', markdown)).toEqual(['docs/security.md: gone.md', 'docs/security.md: operations.md#gone']);
  });
});
