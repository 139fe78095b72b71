import { useState } from 'react';

/** Page and filters of a paged list: a changed filter goes back to the first page. */
export function useListFilters<F extends object>(initial: F) {
  const [page, setPage] = useState(1);
  const [filters, setFilters] = useState<F>(initial);
  const filter = (change: Partial<F>) => {
    const next = { ...filters, ...change };
    if (sameFilters(next, filters)) return;
    setFilters(next);
    setPage(1);
  };
  return { page, setPage, filters, filter };
}

/** Do two sets of list filters (flat, same keys) narrow the list the same way? */
function sameFilters<F extends object>(a: F, b: F): boolean {
  return (Object.keys(a) as (keyof F)[]).every((key) => a[key] === b[key]);
}
