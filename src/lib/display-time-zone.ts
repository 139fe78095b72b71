/**
 * The zone times are shown in: the venue's (its `time_zone`) on the pages of a venue, as the
 * public live page and every document of the show do; the device's elsewhere. Set by the shell
 * from the venue of the page (src/app/shell/use-display-time-zone.ts), read by format.ts. Kept
 * apart from format.ts so that the shell, which every page loads, does not load the date library.
 */
let displayZone: string | null = null;

export function setDisplayTimeZone(zone: string | null): void {
  displayZone = zone;
}

export const displayTimeZone = (): string | null => displayZone;
