import { EventEmitter } from 'node:events';

/**
 * What changed in the sport, for live scores (issue 14 §7): the results and start-list services
 * publish after their transaction commits; the GraphQL subscriptions and the live page listen.
 * In-process: every API process publishes what it saved to its own listeners.
 */
export interface LiveEvent {
  venueId: number;
  competitionId: number;
  /** result: one starter's result saved (entryId); startlist: the order or entries changed;
   * publish: the ranking was published or held back. */
  kind: 'result' | 'startlist' | 'publish';
  entryId?: number | null;
}

export interface LiveBus {
  publish(event: LiveEvent): void;
  /** Returns the function that stops listening. */
  subscribe(listener: (event: LiveEvent) => void): () => void;
}

export function createLiveBus(): LiveBus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    publish: (event) => emitter.emit('event', event),
    subscribe(listener) {
      emitter.on('event', listener);
      return () => emitter.off('event', listener);
    },
  };
}
