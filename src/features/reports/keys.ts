/** React Query keys of the reports feature: everything starts with `['reports']`. */
export const reportKeys = {
  partyShows: (type: string, id: number) => ['reports', 'party-shows', type, id] as const,
};
