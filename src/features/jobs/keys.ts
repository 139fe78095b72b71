import type { JobKind } from '@shared/schemas/jobs';

/** React Query keys of the jobs feature. */
export const jobKeys = {
  run: (id: number) => ['jobs', 'run', id] as const,
  latest: (venue: number, kind: JobKind) => ['jobs', 'venue', venue, kind] as const,
};
