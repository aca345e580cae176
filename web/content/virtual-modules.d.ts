declare module 'virtual:blog-articles' {
  import type { BlogArticle } from '../features/content/markdown.ts';

  const articles: BlogArticle[];
  export default articles;
}
