import { Agent, request as send } from 'node:http';
import { inParallel, type Post, type Poster } from './ledger-raw';

/** The HTTP side of `ledger.post_ratio_*`: charges posted through the real server. */

/** A keep-alive HTTP client (lighter than fetch, so the figure is the server's, not the client's). */
export function client(base: string, concurrency: number) {
  const agent = new Agent({ keepAlive: true, maxSockets: concurrency });
  /** The answer's bytes as they came (a PDF), not read as text. */
  const requestBytes = (method: string, url: string, headers: Record<string, string>, body?: string) =>
    new Promise<{ status: number; body: Buffer }>((resolve, reject) => {
      const req = send(`${base}${url}`, { method, headers, agent }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks) }));
      });
      req.on('error', reject);
      req.end(body);
    });
  const request = async (method: string, url: string, headers: Record<string, string>, body?: string) => {
    const res = await requestBytes(method, url, headers, body);
    return { status: res.status, body: res.body.toString() };
  };
  return { request, requestBytes, close: () => agent.destroy() };
}

export type Client = ReturnType<typeof client>;

export async function signIn(http: Client): Promise<string> {
  const json = { 'content-type': 'application/json' };
  const res = await http.request('POST', '/api/token/auth/', json, '{"username":"admin","password":"paddock-demo"}');
  if (res.status !== 200) throw new Error(`sign-in answered ${res.status}`);
  return (JSON.parse(res.body) as { token: string }).token;
}

const PARTIES = [
  ['rider', 1],
  ['rider', 2],
  ['official', 1],
  ['simpleuser', 1],
  ['employer', 1],
] as const;

/** Charges over HTTP, each with a fresh Idempotency-Key; the first answer is the raw runs' model. */
export async function httpPoster(
  http: Client,
  run: string,
  consumable: number,
  concurrency: number,
): Promise<{ post: Poster; sample: Post }> {
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${await signIn(http)}` };
  let seq = 0;
  let sample: Post | undefined;
  const one = async () => {
    const i = seq++;
    const [partyType, partyId] = PARTIES[i % PARTIES.length]!;
    const body = JSON.stringify({ venue: 1, kind: 'charge', party_type: partyType, party_id: partyId, consumable });
    const res = await http.request(
      'POST',
      '/api/v1/transaction/',
      { ...headers, 'idempotency-key': `${run}-${i}` },
      body,
    );
    if (res.status !== 201) throw new Error(`post answered ${res.status}: ${res.body}`);
    sample ??= { id: (JSON.parse(res.body) as { id: number }).id, body: res.body };
  };
  const post: Poster = (count, concurrency) => inParallel(count, concurrency, one);
  await post(100, concurrency); // warm-up
  return { post, sample: sample! };
}

/** GETs of one URL, as a reference for what any authenticated request costs. */
export async function httpReader(http: Client, url: string): Promise<Poster> {
  const headers = { authorization: `Bearer ${await signIn(http)}` };
  const one = async () => {
    const res = await http.request('GET', url, headers);
    if (res.status !== 200) throw new Error(`${url} answered ${res.status}: ${res.body}`);
  };
  return (count, concurrency) => inParallel(count, concurrency, one);
}
