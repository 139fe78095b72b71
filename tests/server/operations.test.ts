import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { freshPostgres } from './helpers/server';
import { useSeededServer } from './helpers/use-server';
import { newKey, seedLedgerFixtures } from './ledger-fixtures';

/*
 * What the operations team relies on: liveness apart from readiness, request ids in answers and
 * logs, Prometheus metrics behind a token, and a SIGTERM that drains instead of dropping.
 */
const { server, f } = useSeededServer(seedLedgerFixtures);
const TOKEN = 'metrics-token-for-the-tests-0123456789';

describe('liveness, readiness and request ids', () => {
  it('live answers while the process runs; ready turns 503 once the process is told to stop', async () => {
    const app = server().app;
    expect((await app.inject({ url: '/api/live' })).json()).toEqual({ status: 'ok' });
    const ready = await app.inject({ url: '/api/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready' });
    app.lifecycle.draining = true;
    try {
      const draining = await app.inject({ url: '/api/ready' });
      expect(draining.statusCode).toBe(503);
      expect(draining.json()).toEqual({ status: 'draining' });
      expect((await app.inject({ url: '/api/live' })).statusCode).toBe(200);
    } finally {
      app.lifecycle.draining = false;
    }
  });

  it('ready answers 503 `warming` until the warm-up has run, live answers throughout', async () => {
    const app = await server().buildApp();
    await app.ready();
    // Built for inject (as the tests use it) the process is ready at once: only main.ts warms up.
    expect((await app.inject({ url: '/api/ready' })).statusCode).toBe(200);
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    app.lifecycle.onWarmUp('held by the test', () => gate);
    app.lifecycle.onWarmUp('failing', () => Promise.reject(new Error('no cache today')));
    const warn = vi.spyOn(app.log, 'warn');
    const warmed = app.lifecycle.warmUp(app.log);
    const warming = await app.inject({ url: '/api/ready' });
    expect(warming.statusCode).toBe(503);
    expect(warming.json()).toEqual({ status: 'warming' });
    expect(warming.headers['cache-control']).toBe('no-store');
    expect((await app.inject({ url: '/api/live' })).statusCode).toBe(200);
    // The server's own warm-ups (the floor snapshot on PGlite, the translations) have run by now
    // or run beside; the held one keeps readiness off.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await app.inject({ url: '/api/ready' })).json()).toEqual({ status: 'warming' });
    release();
    await warmed;
    const ready = await app.inject({ url: '/api/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready' });
    // A failed warm-up only costs the time it would have saved: logged, and ready all the same.
    expect(warn).toHaveBeenCalledWith(expect.objectContaining({ warmUp: 'failing' }), 'warm-up failed');
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it('warms the floor snapshot and the translations up, and draining still wins over ready', async () => {
    const app = await server().buildApp();
    await app.ready();
    const info = vi.spyOn(app.log, 'info');
    const warn = vi.spyOn(app.log, 'warn');
    await app.lifecycle.warmUp(app.log);
    expect(warn).not.toHaveBeenCalled();
    const tasks = (info.mock.calls.find(([, msg]) => msg === 'warmed up')?.[0] as { tasks: string[] }).tasks;
    expect(tasks).toContain('translations');
    // The snapshot's statement only where its first run is dear: on the embedded database.
    if (process.env.TEST_DATABASE_URL) expect(tasks).not.toContain('floor snapshot');
    else expect(tasks).toContain('floor snapshot');
    // The translations come compressed at once (the warm-up made them).
    const translations = await app.inject({
      url: '/static/dist/translations.json?lng=en',
      headers: { 'accept-encoding': 'br' },
    });
    expect(translations.statusCode).toBe(200);
    expect(translations.headers['content-encoding']).toBe('br');
    app.lifecycle.draining = true;
    expect((await app.inject({ url: '/api/ready' })).json()).toEqual({ status: 'draining' });
  });

  it("keeps the balancer's request id and makes one otherwise", async () => {
    const app = server().app;
    const given = await app.inject({ url: '/api/live', headers: { 'x-request-id': 'lb-4f2a.77:1' } });
    expect(given.headers['x-request-id']).toBe('lb-4f2a.77:1');
    const hostile = await app.inject({ url: '/api/live', headers: { 'x-request-id': 'a b\nforged log line' } });
    expect(hostile.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const none = await app.inject({ url: '/api/live' });
    expect(none.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(none.headers['x-request-id']).not.toBe(hostile.headers['x-request-id']);
  });
});

describe('metrics', () => {
  it('is off without a token, refuses a wrong one and answers Prometheus text with the right one', async () => {
    expect((await server().app.inject({ url: '/metrics' })).statusCode).toBe(404);
    const app = await server().buildApp({ METRICS_TOKEN: TOKEN });
    expect((await app.inject({ url: '/metrics' })).statusCode).toBe(401);
    const wrong = await app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN.slice(1)}x` } });
    expect(wrong.statusCode).toBe(401);

    const charged = await app.inject({
      method: 'POST',
      url: '/api/v1/transaction/',
      headers: { ...(await server().auth('organizer')), 'idempotency-key': newKey() },
      payload: {
        venue: 1,
        kind: 'charge',
        party_type: 'rider',
        party_id: f.rider,
        unit_price: 100,
        description: 'Box',
      },
    });
    expect(charged.statusCode, charged.body).toBe(201);

    const res = await app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    const text = res.body;
    expect(text).toMatch(
      /paddock_http_request_duration_seconds_count\{method="POST",route="\/api\/v1\/transaction\/",status="201"\} 1/,
    );
    expect(text).toMatch(/paddock_ledger_entries_total\{action="[a-z_.]+"\} 1/);
    expect(text).toContain('paddock_nodejs_eventloop_lag_seconds');
    expect(text).toContain('# TYPE paddock_job_runs gauge');
    expect(text).toMatch(/paddock_live_sockets 0/);
    expect(text).toMatch(/paddock_live_subscriptions 0/);
  });
});

describe('SIGTERM', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'paddock-sigterm-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('turns readiness to 503, tells live clients to reconnect, finishes and exits 0', async () => {
    const port = 42_000 + (process.pid % 1000);
    const postgres = process.env.TEST_DATABASE_URL ? await freshPostgres(process.env.TEST_DATABASE_URL) : null;
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
      env: {
        ...process.env,
        NODE_ENV: 'test',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dir,
        DIST_DIR: path.join(dir, 'no-dist'),
        SEED_DEMO: 'false',
        LOG_LEVEL: 'info',
        SHUTDOWN_GRACE_SECONDS: '2',
        DATABASE_URL: postgres?.url ?? '',
      },
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    const url = `http://127.0.0.1:${port}`;
    try {
      // A fresh process compiles the server and migrates its database before it listens: on a
      // busy two-core machine that took over 60 s, so the start has what a test server's start
      // has everywhere (bench/harness.ts), room for a machine three times slower.
      // Live before ready: the warm-up runs after the listener opens.
      await vi.waitFor(async () => expect((await fetch(`${url}/api/live`)).status).toBe(200), {
        timeout: 180_000,
        interval: 50,
      });
      await vi.waitFor(async () => expect((await fetch(`${url}/api/ready`)).status).toBe(200), {
        timeout: 180_000,
        interval: 200,
      });
      await vi.waitFor(() => expect(output).toContain('"msg":"warmed up"'), { timeout: 30_000 });
      // A tablet's write (refused here: no session) is logged with its request id and outbox key.
      const key = newKey();
      const write = await fetch(`${url}/api/v1/transaction/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'idempotency-key': key, 'x-request-id': 'trace-me-1' },
        body: '{}',
      });
      expect(write.status).toBe(401);
      expect(write.headers.get('x-request-id')).toBe('trace-me-1');
      await vi.waitFor(
        () => {
          const lines = output
            .split('\n')
            .filter((line) => line.startsWith('{'))
            .map((line) => JSON.parse(line) as Record<string, unknown>);
          const mine = lines.filter((line) => line.reqId === 'trace-me-1');
          // The line of its arrival is written before its headers are read; its answer's names the key.
          const completed = mine.filter((line) => line.msg === 'request completed');
          expect(completed).toHaveLength(1);
          expect(completed[0]!.idempotency_key).toBe(key);
        },
        { timeout: 30_000 },
      );

      const socket = new WebSocket(`ws://127.0.0.1:${port}/api/graphql`, 'graphql-transport-ws');
      const acked = new Promise<void>((resolve) => socket.on('message', () => resolve()));
      await new Promise<void>((resolve) => socket.on('open', () => resolve()));
      socket.send(JSON.stringify({ type: 'connection_init', payload: {} }));
      await acked;
      const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));

      child.kill('SIGTERM');
      // During the grace period: not ready, still alive.
      await vi.waitFor(async () => expect((await fetch(`${url}/api/ready`)).status).toBe(503), {
        timeout: 5_000,
        interval: 50,
      });
      expect((await fetch(`${url}/api/live`)).status).toBe(200);
      expect(await closed).toBe(1012);
      expect(await exited).toBe(0);
    } finally {
      child.kill('SIGKILL');
      await exited;
      await postgres?.drop();
    }
  }, 240_000);
});
