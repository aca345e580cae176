/**
 * Spec facets (docs/catalogue.md, "Spec facets"): the attributes (Thread, Length, Material…) that
 * the products of a search share, offered as filters with their counts, and the `attr=Name:Value`
 * filters a buyer picks among them. The stores count; these rules choose what is shown and how.
 */
import { fail, ok, type Result } from '../shared/result.ts';
import { MAX_ATTRIBUTE_NAME_LENGTH, MAX_ATTRIBUTE_VALUE_LENGTH } from './product-terms-rules.ts';

/** At most this many `attr` pairs in one query: each is one more condition for every count. */
export const MAX_ATTRIBUTE_FILTERS = 10;
/** At most this many names shown, the most widely held first. */
export const MAX_FACET_NAMES = 8;
/** At most this many values shown per name, the most common ones. */
export const MAX_FACET_VALUES = 20;
/**
 * A name is shown when at least this share of the result holds it: on a page of bolts, Thread and
 * Length are; a spec three products of hundreds carry is noise.
 */
export const FACET_NAME_SHARE = 0.2;

/** One name's filter: a product matches when it holds the name with any of the values. */
export interface AttributeFilter {
  name: string;
  values: readonly string[];
}

/** A store's count: how many products hold the name with the value. */
export interface AttributeCount {
  name: string;
  value: string;
  count: number;
}

export interface AttributeFacet {
  name: string;
  values: { value: string; count: number }[];
}

export type AttributeFilterFailure = { code: 'INVALID'; text: string } | { code: 'TOO_MANY'; max: number };

/**
 * `Name:Value`, split at the first colon (a value may hold colons, a name may not), each trimmed
 * and within the lengths a product's attributes are held to; null for anything else.
 */
export const parseAttributePair = (text: string): { name: string; value: string } | null => {
  const colon = text.indexOf(':');
  if (colon < 0) return null;
  const name = text.slice(0, colon).trim();
  const value = text.slice(colon + 1).trim();
  if (name === '' || value === '' || name.length > MAX_ATTRIBUTE_NAME_LENGTH || value.length > MAX_ATTRIBUTE_VALUE_LENGTH) return null;
  return { name, value };
};

/**
 * The `attr` parameters as filters: pairs of one name joined (OR within a name), names kept apart
 * (AND across names), in the order first given; a repeated pair counts once.
 */
export const attributeFilters = (texts: readonly string[]): Result<AttributeFilter[], AttributeFilterFailure> => {
  const byName = new Map<string, string[]>();
  let pairs = 0;
  for (const text of texts) {
    const pair = parseAttributePair(text);
    if (!pair) return fail({ code: 'INVALID', text });
    const values = byName.get(pair.name) ?? [];
    if (values.includes(pair.value)) continue;
    pairs += 1;
    if (pairs > MAX_ATTRIBUTE_FILTERS) return fail({ code: 'TOO_MANY', max: MAX_ATTRIBUTE_FILTERS });
    values.push(pair.value);
    byName.set(pair.name, values);
  }
  return ok([...byName].map(([name, values]) => ({ name, values })));
};

/** Digits (with one decimal point) or a run of anything else. */
const CHUNKS = /\d+(?:\.\d+)?|[^\d]+/g;

/**
 * Natural order: numbers by their value (M6 < M8 < M10, 8.4 mm < 16 mm), the text between them
 * without regard to case; values equal so are put in code-point order, so the order is total and
 * the same in every store and browser.
 */
export const compareAttributeValues = (a: string, b: string): number => {
  const left = a.match(CHUNKS) ?? [];
  const right = b.match(CHUNKS) ?? [];
  for (let i = 0; i < Math.min(left.length, right.length); i += 1) {
    const x = left[i] ?? '';
    const y = right[i] ?? '';
    const xNumber = /^\d/.test(x);
    const yNumber = /^\d/.test(y);
    if (xNumber && yNumber) {
      const difference = Number(x) - Number(y);
      if (difference !== 0) return difference;
    } else if (xNumber !== yNumber) {
      return xNumber ? -1 : 1;
    } else {
      const lx = x.toLowerCase();
      const ly = y.toLowerCase();
      if (lx !== ly) return lx < ly ? -1 : 1;
    }
  }
  return left.length - right.length || (a < b ? -1 : a > b ? 1 : 0);
};

/**
 * The facets to show from a store's counts. `total` is the result's size; the counts of a name the
 * buyer filters by were made without that name's own filter (as the category and brand facets
 * are), the others under every filter. A filtered name is always shown, with its chosen values,
 * so a buyer can take a choice back; the others when held by FACET_NAME_SHARE of the result.
 */
export const chooseAttributeFacets = (total: number, counts: readonly AttributeCount[], filters: readonly AttributeFilter[]): AttributeFacet[] => {
  const byName = new Map<string, { value: string; count: number }[]>();
  for (const { name, value, count } of counts) {
    if (count <= 0) continue;
    const values = byName.get(name) ?? [];
    values.push({ value, count });
    byName.set(name, values);
  }
  const chosen = new Map(filters.map((filter) => [filter.name, filter.values]));
  // A product holds a name once (product-terms-rules.ts refuses a repeated name), so the sum of
  // a name's value counts is the number of products holding it.
  const held = (name: string) => (byName.get(name) ?? []).reduce((sum, { count }) => sum + count, 0);
  const shown = [...byName.keys()].filter((name) => chosen.has(name) || (total > 0 && held(name) >= total * FACET_NAME_SHARE));
  shown.sort((a, b) => Number(chosen.has(b)) - Number(chosen.has(a)) || held(b) - held(a) || (a < b ? -1 : a > b ? 1 : 0));
  return shown.slice(0, Math.max(MAX_FACET_NAMES, chosen.size)).map((name) => {
    const picked = chosen.get(name) ?? [];
    const values = [...(byName.get(name) ?? [])];
    // Every chosen value stays, even one no product matches any more (count 0), so it can be unticked.
    for (const value of picked) if (!values.some((entry) => entry.value === value)) values.push({ value, count: 0 });
    const kept = values
      .sort((a, b) => Number(picked.includes(b.value)) - Number(picked.includes(a.value)) || b.count - a.count || compareAttributeValues(a.value, b.value))
      .slice(0, Math.max(MAX_FACET_VALUES, picked.length));
    return { name, values: kept.sort((a, b) => compareAttributeValues(a.value, b.value)) };
  });
};
