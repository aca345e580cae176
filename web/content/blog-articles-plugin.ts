import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';
import { toArticle } from '../features/content/markdown.ts';

const ID = 'virtual:blog-articles';
const RESOLVED = `\0${ID}`;

/**
 * `import articles from 'virtual:blog-articles'`: the articles of `dir` (*.md, in file-name
 * order) rendered to HTML at build time, so the blog page ships neither the markdown renderer
 * nor the work of running it (410 ms of main thread on a throttled phone). A broken article
 * fails the build with its file name. In `vite` dev an edited article reloads; a new file needs a
 * restart.
 */
export function blogArticlesPlugin(dir: string): Plugin {
  return {
    name: 'bulkhead:blog-articles',
    resolveId: (id) => (id === ID ? RESOLVED : undefined),
    load(id) {
      if (id !== RESOLVED) return undefined;
      const files = readdirSync(dir)
        .filter((name) => name.endsWith('.md'))
        .sort();
      const articles = files.map((name) => {
        const path = join(dir, name);
        this.addWatchFile(path);
        return toArticle(path, readFileSync(path, 'utf8'));
      });
      return `export default ${JSON.stringify(articles)};`;
    },
  };
}
