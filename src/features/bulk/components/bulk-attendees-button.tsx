import { PasteButton } from './paste-button';

/** "Paste …" for a venue: opens the paste dialog (loaded on demand). */
export function BulkAttendeesButton({ venueId }: { venueId: number }) {
  return <PasteButton kind="attendees" venueId={venueId} />;
}
