import { API_PREFIX } from '@shared/constants';
import { DEVICE_ANSWER_HEADER, SNAPSHOT_BEHIND_HEADER } from '@shared/floor-constants';
import { FLOOR_STREAM_TYPE } from '@shared/floor-stream';
import { useAppStore } from '@/lib/store';
import { pullHeaders } from './early-pull';

/**
 * The sync engine's own HTTP: no toasts, no session handling, no request sharing (unlike
 * src/lib/api-client). Every request carries the sync protocol version; writes carry their
 * client key as `Idempotency-Key`.
 */

export interface SyncRequest {
  method: 'GET' | 'POST' | 'PATCH';
  /** Under /api/v1/, query included, e.g. `venue/1/floor/changes/?cursor=0`. */
  path: string;
  body?: unknown;
  /** The Idempotency-Key of a write. */
  key?: string;
  /** Another session's token (an earlier user of this device); the signed-in one's by default. */
  token?: string;
  /**
   * Read a streamed answer (newline-delimited JSON, src/shared/floor-stream.ts) as it arrives:
   * each line's text (without its newline) is handed over at once, unparsed (the pull stores a
   * page of entries as the text it came as); the answer's `body` is then undefined and
   * `streamed` true. A server that answers plain JSON is read as usual.
   */
  onLine?: (line: string) => void;
  /** The answer of this very request, already asked for (early-pull.ts): read instead of fetching. */
  answer?: Promise<Response>;
}

export interface SyncResponse {
  status: number;
  /** Parsed JSON, the text when it is not JSON, or undefined when empty. */
  body: unknown;
  /** The answer was streamed line by line into `onLine`. */
  streamed?: true;
  /** The answer to a heartbeat the request carried (DEVICE_ANSWER_HEADER, as sent). */
  device?: string;
  /** A snapshot the server kept from a moment ago: rows changed after it (SNAPSHOT_BEHIND_HEADER). */
  behind?: true;
}

/** Answers with any HTTP status; throws only when no answer arrived (network lost). */
export type Transport = (request: SyncRequest) => Promise<SyncResponse>;

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

const WRITE_TIMEOUT_MS = 30_000;
/** A first pull of a big venue is large. */
const PULL_TIMEOUT_MS = 120_000;

/** Hands each complete line of a streamed body to `onLine` as it arrives. */
async function readLines(response: Response, onLine: (line: string) => void): Promise<void> {
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  // The pieces of the line not complete yet: a page of entries (150 KB) comes in several reads,
  // and only each new piece is searched for its end.
  let pieces: string[] = [];
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    let start = 0;
    let newline = value.indexOf('\n');
    while (newline !== -1) {
      pieces.push(value.slice(start, newline));
      const line = pieces.join('');
      pieces = [];
      if (line.trim()) onLine(line);
      start = newline + 1;
      newline = value.indexOf('\n', start);
    }
    if (start < value.length) pieces.push(value.slice(start));
  }
  const rest = pieces.join('');
  if (rest.trim()) onLine(rest);
}

/** fetch with the signed-in user's bearer token. */
export const fetchTransport: Transport = async ({ method, path, body, key, token: asUser, onLine, answer }) => {
  const { language } = useAppStore.getState();
  const token = asUser ?? useAppStore.getState().token;
  const headers = pullHeaders(token, language);
  if (!onLine) headers.set('Accept', 'application/json');
  if (key) headers.set('Idempotency-Key', key);
  if (body !== undefined) headers.set('Content-Type', 'application/json');
  const response = await (answer ??
    fetch(`${API_PREFIX}/${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      cache: 'no-store',
      // A connection that hangs counts as lost: the outbox retries, the pull runs again later.
      signal: AbortSignal.timeout(method === 'GET' ? PULL_TIMEOUT_MS : WRITE_TIMEOUT_MS),
    }));
  const type = response.headers.get('content-type') ?? '';
  const device = response.headers.get(DEVICE_ANSWER_HEADER);
  const told = {
    ...(device !== null && { device }),
    ...(response.headers.get(SNAPSHOT_BEHIND_HEADER) === '1' && { behind: true as const }),
  };
  if (onLine && response.ok && response.body && type.startsWith(FLOOR_STREAM_TYPE)) {
    await readLines(response, onLine);
    return { status: response.status, body: undefined, streamed: true, ...told };
  }
  return { status: response.status, body: await readBody(response), ...told };
};
