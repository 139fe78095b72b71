/** "Lipica, SI" from whatever is known. */
export function venuePlace(venue: { city: string | null; country: string | null }): string {
  return [venue.city, venue.country].filter(Boolean).join(', ');
}
