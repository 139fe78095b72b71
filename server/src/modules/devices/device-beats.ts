import type { Db } from '../../db/client';
import { createDevicesRepo, type Beat } from './devices.repo';

/**
 * Heartbeats, gathered. Every batch of every tablet carries its device's heartbeat (and a tablet
 * that writes nothing sends one after its pulls): at a championship that is a statement per
 * request, for "last seen" and "writes pending". The first beat of a device (and user) is
 * recorded at once and its answer — registered where the user works, the device as the office
 * sees it — kept for ANSWER_MS (a tablet beats every few seconds to a minute); the beats within
 * that time are answered from it and written together, one statement for every device each
 * FLUSH_MS. A change of the device through this process (registration, rename, revoke,
 * restore) forgets its answer, and revocation is read from the revoked set each time (another
 * process sees it within REVOKED_TTL_MS). So the office's list is at most FLUSH_MS behind a
 * tablet, and a rename through another process reaches the tablet within ANSWER_MS.
 */

export const ANSWER_MS = 60_000;
export const FLUSH_MS = 1_000;

export interface BeatValues {
  userId: number;
  appVersion: string | null;
  pendingWrites: number;
  anyVenue: boolean;
  venueId: number | null;
}

interface Kept {
  answer: Beat;
  until: number;
}

interface Waiting extends BeatValues {
  at: string;
}

interface Beats {
  answers: Map<string, Kept>;
  waiting: Map<string, Waiting>;
  timer: ReturnType<typeof setTimeout> | undefined;
  flushing: Promise<void>;
}

const ofDb = new WeakMap<Db, Beats>();

function beatsOf(db: Db): Beats {
  let beats = ofDb.get(db);
  if (!beats)
    ofDb.set(db, (beats = { answers: new Map(), waiting: new Map(), timer: undefined, flushing: Promise.resolve() }));
  return beats;
}

const answerKey = (key: string, values: BeatValues) => `${key}|${values.userId}|${values.anyVenue}|${values.venueId}`;

export function createDeviceBeats(db: Db, now: () => number = Date.now) {
  const repo = createDevicesRepo(db);
  const beats = beatsOf(db);

  async function flushNow(): Promise<void> {
    clearTimeout(beats.timer);
    beats.timer = undefined;
    if (!beats.waiting.size) return;
    const rows = [...beats.waiting].map(([key, w]) => ({ key, ...w })).sort((a, b) => (a.key < b.key ? -1 : 1));
    beats.waiting.clear();
    try {
      await repo.beatMany(rows);
    } catch (err) {
      // Last seen and writes pending only: the next beat of each device tells them again.
      console.warn('device heartbeats not recorded', err);
    }
  }

  return {
    /** A beat: the kept answer with this beat's values (written within FLUSH_MS), or recorded now. */
    async beat(key: string, values: BeatValues): Promise<Beat> {
      const id = answerKey(key, values);
      const kept = beats.answers.get(id);
      const at = now();
      if (kept && kept.until > at && kept.answer.device) {
        beats.waiting.set(key, { ...values, at: new Date(at).toISOString() });
        beats.timer ??= setTimeout(() => void this.flush(), FLUSH_MS);
        const device = {
          ...kept.answer.device,
          pending_writes: values.pendingWrites,
          last_seen_at: new Date(at).toISOString(),
          ...(values.appVersion !== null && { app_version: values.appVersion }),
        };
        return { ...kept.answer, device };
      }
      beats.waiting.delete(key);
      const answer = await repo.beat(key, values);
      if (answer.device && !answer.revoked) beats.answers.set(id, { answer, until: at + ANSWER_MS });
      if (beats.answers.size > 20_000) for (const [k, v] of beats.answers) if (v.until <= at) beats.answers.delete(k);
      return answer;
    },

    /** The device changed through this process: its next beat is recorded and answered anew. */
    forget(key: string): void {
      for (const id of beats.answers.keys()) if (id.startsWith(`${key}|`)) beats.answers.delete(id);
      beats.waiting.delete(key);
    },

    /** Writes the beats gathered so far (before the office's list is read, and when closing). */
    flush(): Promise<void> {
      beats.flushing = beats.flushing.then(flushNow);
      return beats.flushing;
    },
  };
}

export type DeviceBeats = ReturnType<typeof createDeviceBeats>;
