import { PasteButton } from './paste-button';

/** "Paste …" for a venue: opens the paste dialog (loaded on demand). */
export function BulkHeadNumbersButton({ venueId }: { venueId: number }) {
  return <PasteButton kind="headNumbers" venueId={venueId} />;
}
