/** Do two sets of list filters (flat, same keys) narrow the list the same way? */
export function sameFilters<F extends object>(a: F, b: F): boolean {
  return (Object.keys(a) as (keyof F)[]).every((key) => a[key] === b[key]);
}
