import { PasteButton } from './paste-button';

/** "Paste …" for a venue: opens the paste dialog (loaded on demand). */
export function BulkConsumablesButton({ venueId }: { venueId: number }) {
  return <PasteButton kind="consumables" venueId={venueId} />;
}
