/** React Query keys of the e-mail runs feature: everything starts with `['emailRuns']`. */
export const emailRunKeys = {
  all: ['emailRuns'] as const,
  templates: (venue: number) => ['emailRuns', 'templates', venue] as const,
  events: (venue: number) => ['emailRuns', 'events', venue] as const,
  latest: (venue: number) => ['emailRuns', 'latest', venue] as const,
};
