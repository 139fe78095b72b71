import type { Client } from 'graphql-ws';
import type { LiveUpdate } from '@shared/schemas/livescore';
import { STARTER_FIELDS } from './documents';

const SUBSCRIPTION = `subscription LiveUpdates($venueId: Int!) {
  liveUpdates(venueId: $venueId) { kind venueId competitionId published starter { ${STARTER_FIELDS} } }
}`;

/** `liveUpdates(venueId)` on the socket; returns the function that stops it. */
export function subscribeLiveUpdates(client: Client, venueId: number, onUpdate: (update: LiveUpdate) => void) {
  return client.subscribe<{ liveUpdates: LiveUpdate }>(
    { query: SUBSCRIPTION, variables: { venueId } },
    {
      next: ({ data }) => {
        if (data?.liveUpdates) onUpdate(data.liveUpdates);
      },
      // The socket retries on its own; a refused subscription (unknown venue) shows through the query.
      error: () => undefined,
      complete: () => undefined,
    },
  );
}
