import { afterEach, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { MAX_SUBSCRIPTIONS } from '../../server/src/modules/livescore/live-socket';
import { useSeededServer } from './helpers/use-server';
import { saveResult, seedLiveFixtures } from './livescore-fixtures';

/*
 * What one anonymous client may ask of the live scores: an operation is costed by what its
 * answer can hold (lists at their longest) before it runs; a socket holds at most
 * MAX_SUBSCRIPTIONS, counted as they arrive; a client address holds at most
 * LIVE_SOCKETS_PER_ADDRESS sockets (a crowd's worth by default; a few here).
 */

const SOCKETS_PER_ADDRESS = 16;
const { server, f, db } = useSeededServer(seedLiveFixtures, {
  LIVE_SOCKETS_PER_ADDRESS: String(SOCKETS_PER_ADDRESS),
});

const STARTER =
  'entryId competitionId order startTime riderName nationality horseName headNumber withdrawn late result { status rank faults timeFaults timeMs knockDowns jumpOffFaults jumpOffTimeFaults jumpOffTimeMs jumpOffKnockDowns scoreThousandths at }';

async function gql(query: string) {
  const res = await server().app.inject({ method: 'POST', url: '/api/graphql', payload: { query } });
  return res.json<{ data?: unknown; errors?: { message: string }[] }>();
}

describe('the cost of a live score query', () => {
  it('counts a list at its longest: six start lists under aliases are refused before they run, one sheet is not', async () => {
    const id = f.published;
    // 6 root fields and 6 × 24 fields as written: within the older limits of fields, but up to
    // 6 × 2,000 starters × 24 values in the answer.
    const aliased = `{ ${Array.from({ length: 6 }, (_, i) => `s${i}: startList(competitionId: ${id}) { ${STARTER} }`).join(' ')} }`;
    const refused = await gql(aliased);
    expect(refused.errors?.[0]?.message).toMatch(/too many values/);
    expect(refused.data).toBeFalsy();

    // What the live page asks for one competition: its start list and its ranking.
    const sheet = await gql(
      `{ startList(competitionId: ${id}) { ${STARTER} } ranking(competitionId: ${id}) { competitionId published rows { ${STARTER} } } }`,
    );
    expect(sheet.errors).toBeUndefined();
    expect((sheet.data as { startList: unknown[] }).startList.length).toBeGreaterThan(0);
  });
});

describe('live sockets per client', () => {
  const sockets: WebSocket[] = [];
  afterEach(() => {
    for (const s of sockets.splice(0)) s.terminate();
  });

  let address: string | undefined;
  async function url() {
    address ??= await server().app.listen({ port: 0, host: '127.0.0.1' });
    return address.replace(/^http/, 'ws') + '/api/graphql';
  }

  interface Client {
    socket: WebSocket;
    messages: { type: string; id?: string }[];
    closed: { code: number } | null;
  }

  /** A raw graphql-transport-ws client: opened and initialised (or closed by the server). */
  async function open(): Promise<Client> {
    const socket = new WebSocket(await url(), 'graphql-transport-ws');
    sockets.push(socket);
    const client: Client = { socket, messages: [], closed: null };
    socket.on('message', (raw: Buffer) => client.messages.push(JSON.parse(String(raw)) as Client['messages'][0]));
    socket.on('close', (code) => (client.closed = { code }));
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });
    socket.send(JSON.stringify({ type: 'connection_init', payload: {} }));
    await vi.waitFor(
      () => expect(client.closed ?? client.messages.find((m) => m.type === 'connection_ack')).toBeTruthy(),
      { timeout: 30_000 },
    );
    return client;
  }

  const SUBSCRIPTION = 'subscription($v: Int!) { liveUpdates(venueId: $v) { kind starter { entryId } } }';

  it('counts subscriptions as they arrive: twelve sent at once on one socket, ten are held', async () => {
    const client = await open();
    for (let i = 1; i <= MAX_SUBSCRIPTIONS + 2; i++)
      client.socket.send(
        JSON.stringify({
          id: String(i),
          type: 'subscribe',
          payload: { query: SUBSCRIPTION, variables: { v: f.venue } },
        }),
      );
    await vi.waitFor(() => expect(client.messages.filter((m) => m.type === 'error')).toHaveLength(2), {
      timeout: 30_000,
    });

    const [entry] = f.entries[f.published]!;
    await saveResult(db(), entry!, { faults: 0, timeMs: 61_000 });
    server().app.live.publish({ venueId: f.venue, competitionId: f.published, kind: 'result', entryId: entry! });
    await vi.waitFor(() => expect(client.messages.filter((m) => m.type === 'next')).toHaveLength(MAX_SUBSCRIPTIONS), {
      timeout: 30_000,
    });
    const held = new Set(client.messages.filter((m) => m.type === 'next').map((m) => m.id));
    const refused = client.messages.filter((m) => m.type === 'error').map((m) => m.id);
    expect(held.size).toBe(MAX_SUBSCRIPTIONS);
    expect(refused.every((id) => !held.has(id))).toBe(true);
  });

  it(`holds ${SOCKETS_PER_ADDRESS} sockets of one address, refuses the next, and takes one again when one closes`, async () => {
    const clients: Client[] = [];
    for (let i = 0; i < SOCKETS_PER_ADDRESS; i++) clients.push(await open());
    expect(clients.every((c) => c.closed === null)).toBe(true);

    const over = await open();
    expect(over.closed).toEqual({ code: 1013 });

    clients[0]!.socket.close();
    await vi.waitFor(() => expect(clients[0]!.closed).not.toBeNull(), { timeout: 30_000 });
    // The server counts the close as it handles it: the next socket is taken once it has.
    await vi.waitFor(
      async () => {
        const again = await open();
        expect(again.closed).toBeNull();
      },
      { timeout: 30_000 },
    );
  });
});
