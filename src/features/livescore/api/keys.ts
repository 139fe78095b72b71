/** react-query keys of the live pages: public and office answers kept apart. */
export const liveKeys = {
  all: ['livescore'] as const,
  venues: (auth: boolean) => [...liveKeys.all, 'venues', auth] as const,
  venue: (venueId: number, auth: boolean) => [...liveKeys.all, 'venue', venueId, auth] as const,
  sheet: (venueId: number, competitionId: number, auth: boolean) =>
    [...liveKeys.venue(venueId, auth), 'sheet', competitionId] as const,
};
