import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { ConfigError, loadConfig } from '../../server/src/config';
import { freshPostgres } from './helpers/server';

/*
 * WORKERS: API processes sharing one port (Node's cluster module), each stateless. On the
 * embedded database more than one is refused; on PostgreSQL two workers are started for real,
 * and what one worker does holds on the other: a result saved through either reaches spectators
 * connected to both, and a rate limit counts the attempts that reached both.
 */
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

describe('WORKERS', () => {
  it('is one per core on PostgreSQL, one on the embedded database, where more are refused', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).workers).toBe(1);
    expect(() => loadConfig({ NODE_ENV: 'test', WORKERS: '2' })).toThrow(ConfigError);
    expect(loadConfig({ NODE_ENV: 'test', DATABASE_URL: 'postgres://x@localhost/y', WORKERS: '3' }).workers).toBe(3);
    expect(loadConfig({ NODE_ENV: 'test', DATABASE_URL: 'postgres://x@localhost/y' }).workers).toBeGreaterThanOrEqual(
      1,
    );
  });
});

/** A request on a connection of its own (the cluster hands each new connection to the next worker). */
function send(url: string, method: string, body?: unknown, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; json: () => unknown }>((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = httpRequest(
      url,
      {
        method,
        agent: false,
        headers: { connection: 'close', ...(payload ? { 'content-type': 'application/json' } : {}), ...headers },
      },
      (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, json: () => JSON.parse(text) as unknown }));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

// Runs in the suite's PostgreSQL phase (the embedded database takes one process: see above).
if (onPostgres)
  describe('two workers on one PostgreSQL', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'paddock-workers-'));
    const cleanups: (() => Promise<void> | void)[] = [];
    afterAll(async () => {
      for (const cleanup of cleanups.reverse()) await cleanup();
      rmSync(dir, { recursive: true, force: true });
    });

    it('a result saved through one reaches spectators of both; a rate limit holds across both', async () => {
      const database = await freshPostgres(process.env.TEST_DATABASE_URL!);
      cleanups.push(database.drop);
      const port = 43_000 + (process.pid % 1000);
      const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
        env: {
          ...process.env,
          NODE_ENV: 'test',
          PORT: String(port),
          HOST: '127.0.0.1',
          DATA_DIR: dir,
          DIST_DIR: path.join(dir, 'no-dist'),
          DATABASE_URL: database.url,
          WORKERS: '2',
          SCRYPT_N: '1024',
          RATE_LIMIT_AUTH_MAX: '3',
          LOG_LEVEL: 'silent',
        },
        stdio: 'ignore',
      });
      const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
      cleanups.push(async () => {
        child.kill('SIGKILL');
        await exited;
      });
      const url = `http://127.0.0.1:${port}`;
      // Both workers answer: two live-bus listeners are connected to the database.
      const pool = new pg.Pool({ connectionString: database.url, max: 2 });
      cleanups.push(() => pool.end());
      await vi.waitFor(
        async () => {
          expect((await send(`${url}/api/ready`, 'GET')).status).toBe(200);
          const { rows } = await pool.query<{ n: number }>(
            "SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = 'paddock-live' AND datname = current_database()",
          );
          expect(rows[0]!.n).toBe(2);
        },
        { timeout: 90_000, interval: 250 },
      );
      // A starter of the demo show, whose competition the organizer publishes (spectators see published ones).
      const { rows: starters } = await pool.query<{ entry: number; competition: number; venue: number }>(
        `SELECT e.id AS entry, c.id AS competition, v.venue_id AS venue FROM competition_entries e
        JOIN competitions c ON c.id = e.competition_id
        JOIN venue_event_categories v ON v.id = c.vec_id
        ORDER BY e.id LIMIT 1`,
      );
      const starter = starters[0]!;
      const auth = await send(`${url}/api/token/auth/`, 'POST', { username: 'organizer', password: 'paddock-demo' });
      expect(auth.status).toBe(200);
      const organizer = { authorization: `Bearer ${(auth.json() as { token: string }).token}` };
      const published = await send(
        `${url}/api/v1/competition/${starter.competition}/publish/`,
        'POST',
        { published: true },
        organizer,
      );
      expect(published.status).toBeLessThan(300);

      // Four spectators, each on a connection of its own: the cluster deals them to both workers in turn.
      const spectators = await Promise.all(
        [1, 2, 3, 4].map(async () => {
          const socket = new WebSocket(`ws://127.0.0.1:${port}/api/graphql`, 'graphql-transport-ws');
          cleanups.push(() => socket.terminate());
          const messages: { type: string }[] = [];
          socket.on('message', (raw: Buffer) => messages.push(JSON.parse(String(raw)) as { type: string }));
          await new Promise<void>((resolve, reject) => {
            socket.once('open', () => resolve());
            socket.once('error', reject);
          });
          socket.send(JSON.stringify({ type: 'connection_init', payload: {} }));
          await vi.waitFor(() => expect(messages.some((m) => m.type === 'connection_ack')).toBe(true), {
            timeout: 30_000,
          });
          socket.send(
            JSON.stringify({
              id: '1',
              type: 'subscribe',
              payload: {
                query: 'subscription($v: Int!) { liveUpdates(venueId: $v) { kind } }',
                variables: { v: starter.venue },
              },
            }),
          );
          return messages;
        }),
      );

      // Subscribed (the server holds the subscription once it has checked it): then the result.
      await vi.waitFor(async () => {
        const saved = await send(
          `${url}/api/v1/competitionEntry/${starter.entry}/result/`,
          'PUT',
          { status: 'R', round: { faults: 4, time_ms: 71_230 } },
          organizer,
        );
        expect(saved.status).toBe(200);
        for (const messages of spectators) expect(messages.some((m) => m.type === 'next')).toBe(true);
      }, 20_000);

      // Three wrong passwords, over new connections (both workers): the account's fourth attempt waits.
      for (let i = 0; i < 3; i++) {
        const wrong = await send(`${url}/api/token/auth/`, 'POST', { username: 'rider', password: 'wrong password' });
        expect(wrong.status).toBe(400);
      }
      for (let i = 0; i < 2; i++) {
        const limited = await send(`${url}/api/token/auth/`, 'POST', { username: 'rider', password: 'paddock-demo' });
        expect(limited.status).toBe(429);
      }

      child.kill('SIGTERM');
      expect(await exited).toBe(0);
    }, 150_000);
  });
