import type { ListQuery } from '@shared/schemas/pagination';

export interface Page {
  limit: number;
  offset: number;
}

/** `?page=&page_size=` to LIMIT/OFFSET. */
export const pageOf = (query: ListQuery): Page => ({
  limit: query.page_size,
  offset: (query.page - 1) * query.page_size,
});
