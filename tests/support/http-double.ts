import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/*
 * What the local stand-ins for outside services (the FEI's web service, the federation's
 * registry) have in common: an HTTP server on 127.0.0.1 (a free port unless `port` is given)
 * that logs every request, asks for HTTP Basic with the user and password given (default
 * paddock:secret) and misbehaves on request: mode `hang` never answers, mode `error` answers 500.
 */

export interface HttpDoubleOptions {
  port?: number;
  user?: string;
  password?: string;
}

export interface HttpDouble<Mode extends string> {
  url: string;
  /** Requests seen, e.g. "GET /export?page=1". */
  requests: string[];
  /** `ok` at the start; change it between calls. */
  mode: Mode;
  close(): Promise<void>;
}

/**
 * Starts a double: `state` is the double's own part (its data, changeable between calls) and
 * `answer` answers an authorised request in any mode but `hang` and `error`.
 */
export async function startHttpDouble<Mode extends string, State extends object>(
  options: HttpDoubleOptions,
  state: State,
  answer: (req: IncomingMessage, res: ServerResponse, double: HttpDouble<Mode> & State) => void,
): Promise<HttpDouble<Mode> & State> {
  const expected = `Basic ${Buffer.from(`${options.user ?? 'paddock'}:${options.password ?? 'secret'}`).toString('base64')}`;
  const server = createServer((req, res) => {
    double.requests.push(`${req.method} ${req.url}`);
    if (double.mode === 'hang') return;
    if (req.headers.authorization !== expected) {
      res.writeHead(401).end('unauthorized');
      return;
    }
    if (double.mode === 'error') {
      res.writeHead(500).end('internal error');
      return;
    }
    answer(req, res, double);
  });
  const double: HttpDouble<Mode> & State = {
    ...state,
    url: '',
    requests: [],
    mode: 'ok' as Mode,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  double.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return double;
}
