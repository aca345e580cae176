import articles from 'virtual:blog-articles';
import type { BlogArticle } from './markdown.ts';

export type { BlogArticle };

/** The five articles, in the order of their file names, rendered to HTML when the app is built. */
export const blogArticles: BlogArticle[] = articles;
