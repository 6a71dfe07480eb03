import type { Category } from '../types/entities';

/** The element that carries the category list a page was rendered with. */
export const PRELOADED_CATEGORIES_ID = 'preloaded-categories';

const isCategory = (value: unknown): value is Category =>
  typeof value === 'object' &&
  value !== null &&
  ['_id', 'name', 'category_id', 'category', 'img'].every((key) => typeof (value as Record<string, unknown>)[key] === 'string');

/** A JSON script tag; `<` is escaped so no text in the data can close the tag. */
export function preloadedCategoriesTag(categories: Category[]): string {
  const json = JSON.stringify(categories).replace(/</g, '\\u003c');
  return `<script type="application/json" id="${PRELOADED_CATEGORIES_ID}">${json}</script>`;
}

/** The list the page was rendered with, or undefined when it has none (or it is not a list of categories). */
export function readPreloadedCategories(doc: Document): Category[] | undefined {
  const text = doc.getElementById(PRELOADED_CATEGORIES_ID)?.textContent;
  if (!text) return undefined;
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) && value.every(isCategory) ? value : undefined;
  } catch {
    return undefined;
  }
}
