/**
 * Decodes Stripe's form bodies (`metadata[orderId]=o1&payment_method_types[0]=card`) into nested
 * objects, the way Stripe reads what its SDKs send.
 */
export type FormValue = string | FormValue[] | { [key: string]: FormValue };
export type FormObject = { [key: string]: FormValue };

const FORBIDDEN_KEYS = new Set(['__proto__', 'prototype', 'constructor']);

const splitKey = (key: string): string[] | null => {
  const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(key);
  if (!match?.[1]) return null;
  const rest = [...(match[2] ?? '').matchAll(/\[([^[\]]*)\]/g)].map((part) => part[1] ?? '');
  return [match[1], ...rest];
};

export const parseFormBody = (body: string): FormObject => {
  const root: FormObject = Object.create(null);
  for (const [key, value] of new URLSearchParams(body)) {
    const path = splitKey(key);
    if (!path || path.some((part) => FORBIDDEN_KEYS.has(part))) continue;
    let node: FormObject | FormValue[] = root;
    path.forEach((part, index) => {
      const last = index === path.length - 1;
      const nextIsIndex = /^\d*$/.test(path[index + 1] ?? 'x');
      const slot = Array.isArray(node) ? (part === '' ? node.length : Number(part)) : part;
      const container = node as Record<string | number, FormValue>;
      if (last) {
        container[slot] = value;
        return;
      }
      const existing = container[slot];
      if (existing === undefined || typeof existing === 'string') {
        container[slot] = nextIsIndex ? [] : Object.create(null);
      }
      node = container[slot] as FormObject | FormValue[];
    });
  }
  return root;
};
