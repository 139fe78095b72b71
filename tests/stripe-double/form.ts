/**
 * The provider's request encoding: `application/x-www-form-urlencoded` with bracketed keys
 * (`metadata[payment]=7`, `expand[0]=latest_charge`, `expand[]=…`, `card[number]=…`), as the
 * server SDK and Stripe.js write it. Parsed into nested objects; keys that are all indices (or
 * empty brackets) become arrays.
 */

export type FormValue = string | FormValue[] | { [key: string]: FormValue };
export type Form = { [key: string]: FormValue };

function pathOf(key: string): string[] {
  const first = key.indexOf('[');
  if (first < 0) return [key];
  const parts = [key.slice(0, first)];
  for (const match of key.slice(first).matchAll(/\[([^\]]*)\]/g)) parts.push(match[1]!);
  return parts;
}

type Node = { [key: string]: Node | string };

function arrays(node: Node | string): FormValue {
  if (typeof node === 'string') return node;
  const keys = Object.keys(node);
  const values = keys.map((k) => arrays(node[k]!));
  if (keys.length && keys.every((k) => /^\d+$/.test(k) || k.startsWith('\u0000'))) {
    return keys
      .map((k, i) => ({ order: k.startsWith('\u0000') ? Number(k.slice(1)) : Number(k), value: values[i]! }))
      .sort((a, b) => a.order - b.order)
      .map((e) => e.value);
  }
  return Object.fromEntries(keys.map((k, i) => [k, values[i]!]));
}

/** Parses a form body or a query string. */
export function parseForm(text: string): Form {
  const root: Node = {};
  let pushed = 0;
  for (const [key, value] of new URLSearchParams(text)) {
    const path = pathOf(key);
    let node = root;
    for (let i = 0; i < path.length; i++) {
      // `a[]` appends: a key that sorts by arrival.
      const part = path[i] === '' ? `\u0000${pushed++}` : path[i]!;
      if (i === path.length - 1) node[part] = value;
      else {
        const next = node[part];
        node = typeof next === 'object' ? next : (node[part] = {});
      }
    }
  }
  return arrays(root) as Form;
}

export const text = (form: Form, key: string): string | undefined => {
  const value = form[key];
  return typeof value === 'string' ? value : undefined;
};

export const object = (form: Form, key: string): Form | undefined => {
  const value = form[key];
  return value && typeof value === 'object' && !Array.isArray(value) ? value : undefined;
};

export const list = (form: Form, key: string): string[] => {
  const value = form[key];
  if (typeof value === 'string') return [value];
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
};

export const flag = (form: Form, key: string): boolean => text(form, key) === 'true';

/** Metadata as the provider keeps it: string values only. */
export const metadataOf = (form: Form): Record<string, string> =>
  Object.fromEntries(
    Object.entries(object(form, 'metadata') ?? {}).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string',
    ),
  );
