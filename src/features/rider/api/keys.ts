/** React Query keys of the rider feature: a mutation invalidates or refreshes what it changed. */
export const riderKeys = {
  horses: (rider: number) => ['rider', rider, 'horses'] as const,
  horse: (rider: number, horse: number) => ['rider', rider, 'horses', horse] as const,
  horseSearch: (search: string) => ['rider', 'horse-search', search] as const,
  grooms: (rider: number) => ['rider', rider, 'grooms'] as const,
  groom: (groom: number) => ['rider', 'groom', groom] as const,
  employment: (rider: number) => ['rider', rider, 'employment'] as const,
  venueParticipations: (rider: number) => ['rider', rider, 'venue-participations'] as const,
  shows: (rider: number) => ['rider', rider, 'shows'] as const,
};
