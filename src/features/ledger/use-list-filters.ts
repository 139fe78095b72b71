import { useState } from 'react';

/** Page and filters of a paged list: a changed filter goes back to the first page. */
export function useListFilters<F extends object>(initial: F) {
  const [page, setPage] = useState(1);
  const [filters, setFilters] = useState<F>(initial);
  const filter = (change: Partial<F>) => {
    const next = { ...filters, ...change };
    if ((Object.keys(next) as (keyof F)[]).every((key) => next[key] === filters[key])) return;
    setFilters(next);
    setPage(1);
  };
  return { page, setPage, filters, filter };
}
