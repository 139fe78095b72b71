/**
 * What the simulated clients sent and what the server answered, write by write: the run's own
 * record, held against the database afterwards (verify.ts).
 */

export type WriteKind = 'charge' | 'undo' | 'attendee' | 'checkin' | 'signin' | 'inspection';

export interface SentWrite {
  key: string;
  kind: WriteKind;
  path: string;
  body: Record<string, unknown>;
  /** The login that queued it (the batch's person; keys are the user's). */
  user: string;
  /** A charge's amount as the party is charged (minor units, gross), or an undo's charge key. */
  gross?: number;
  rider?: number;
  undoes?: string;
  /** When the tablet queued it (ms, performance clock). */
  queuedAt: number;
  /** Queued while the tablet was offline. */
  backlog?: true;
  /** Answers: created (effect now), replayed (decided before), both count as accepted. */
  created: number;
  replayed: number;
  /** When the tablet first saw it accepted. */
  acceptedAt?: number;
  /** Accepted within the measured window. */
  inWindow?: boolean;
}

export class Book {
  readonly writes = new Map<string, SentWrite>();
  /** Answers with `created` for a key the server had already created: a doubled effect. */
  createdTwice = 0;

  add(write: SentWrite): void {
    this.writes.set(write.key, write);
  }

  accepted(key: string, outcome: 'created' | 'replayed', at: number, inWindow: boolean): void {
    const write = this.writes.get(key);
    if (!write) throw new Error(`an answer for a key never sent: ${key}`);
    if (outcome === 'created') {
      if (write.created > 0) this.createdTwice += 1;
      write.created += 1;
    } else write.replayed += 1;
    if (write.acceptedAt === undefined) {
      write.acceptedAt = at;
      write.inWindow = inWindow;
    }
  }

  get acceptedCount(): number {
    let n = 0;
    for (const w of this.writes.values()) if (w.acceptedAt !== undefined) n += 1;
    return n;
  }

  get acceptedInWindow(): number {
    let n = 0;
    for (const w of this.writes.values()) if (w.inWindow) n += 1;
    return n;
  }
}
