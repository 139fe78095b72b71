import { Agent, request as send, type IncomingHttpHeaders } from 'node:http';
import { promisify } from 'node:util';
import { brotliDecompress, gunzip, inflate } from 'node:zlib';

/**
 * The simulated clients' HTTP: node:http with keep-alive (lighter than fetch, so that the load
 * generator leaves the cores to the server), each client on its own agent as a browser keeps its
 * own connections. Answers are decompressed as a browser does.
 */

const decoders: Record<string, (body: Buffer) => Promise<Buffer>> = {
  br: promisify(brotliDecompress),
  gzip: promisify(gunzip),
  deflate: promisify(inflate),
};

export interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  /** Decompressed. */
  body: Buffer;
  /** Bytes as they came over the wire. */
  wireBytes: number;
}

export class RequestLost extends Error {}

export interface RequestOptions {
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: unknown;
  /** The connection is dropped as soon as the request is sent: the answer is lost on the way. */
  dropAnswer?: boolean;
  timeoutMs?: number;
}

export class HttpClient {
  private readonly agent: Agent;

  constructor(
    private readonly base: string,
    sockets = 2,
  ) {
    this.agent = new Agent({ keepAlive: true, maxSockets: sockets });
  }

  request(options: RequestOptions): Promise<Answer> {
    const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
    const headers: Record<string, string> = {
      'accept-encoding': 'gzip, deflate, br',
      ...(payload !== undefined && { 'content-type': 'application/json' }),
      ...options.headers,
    };
    return new Promise<Answer>((resolve, reject) => {
      const req = send(
        `${this.base}${options.path}`,
        { method: options.method, headers, agent: this.agent, timeout: options.timeoutMs ?? 30_000 },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('error', reject);
          res.on('end', () => {
            const raw = Buffer.concat(chunks);
            const decode = decoders[String(res.headers['content-encoding'] ?? '')];
            (decode ? decode(raw) : Promise.resolve(raw)).then(
              (body) => resolve({ status: res.statusCode ?? 0, headers: res.headers, body, wireBytes: raw.length }),
              reject,
            );
          });
        },
      );
      req.on('timeout', () => req.destroy(new RequestLost('timed out')));
      req.on('error', (err) => reject(err instanceof RequestLost ? err : new RequestLost(err.message)));
      if (options.dropAnswer) req.on('finish', () => req.destroy(new RequestLost('answer dropped')));
      req.end(payload);
    });
  }

  close(): void {
    this.agent.destroy();
  }
}

export const json = <T>(answer: Answer): T => JSON.parse(answer.body.toString('utf8')) as T;
