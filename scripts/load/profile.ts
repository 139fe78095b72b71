import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import WebSocket from 'ws';

/**
 * CPU profiles of the API processes for the measured window only (`--cpu-prof` covers a whole
 * process, start-up and the tablets' sign-ins included): each cluster worker's inspector is
 * opened with SIGUSR1 — the server runs with `--inspect-port=PORT`, so worker n listens on
 * PORT + n — and its profiler started and stopped over the inspector protocol. Each profile is
 * written as `<dir>/window-<pid>.cpuprofile` (Chrome's DevTools read them).
 */

/** The pids of `pid`'s Node child processes (the cluster's workers), in the order they started. */
function childrenOf(pid: number): number[] {
  const children: number[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) !== pid) continue;
      // Only the cluster's workers: tsx keeps an esbuild service as a child too.
      const command = readFileSync(`/proc/${name}/cmdline`, 'utf8').split('\0')[0];
      if (command === process.execPath) children.push(Number(name));
    } catch {
      // ended meanwhile
    }
  }
  return children.sort((a, b) => a - b);
}

interface Session {
  pid: number;
  call(method: string, params?: object): Promise<unknown>;
  close(): void;
}

async function open(pid: number, port: number): Promise<Session> {
  process.kill(pid, 'SIGUSR1');
  let target: string | undefined;
  for (let i = 0; i < 50 && !target; i++) {
    await new Promise((r) => setTimeout(r, 100));
    try {
      const list = (await (await fetch(`http://127.0.0.1:${port}/json/list`)).json()) as {
        webSocketDebuggerUrl: string;
      }[];
      target = list[0]?.webSocketDebuggerUrl;
    } catch {
      // not listening yet
    }
  }
  if (!target) throw new Error(`no inspector for process ${pid} on port ${port}`);
  const socket = new WebSocket(target);
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  let next = 0;
  const pending = new Map<number, (result: unknown) => void>();
  socket.on('message', (raw: Buffer) => {
    const message = JSON.parse(String(raw)) as { id?: number; result?: unknown };
    if (message.id !== undefined) pending.get(message.id)?.(message.result);
  });
  return {
    pid,
    call: (method, params = {}) =>
      new Promise((resolve) => {
        const id = ++next;
        pending.set(id, resolve);
        socket.send(JSON.stringify({ id, method, params }));
      }),
    close: () => socket.close(),
  };
}

/** Starts profiling every worker of `serverPid`; the function returned stops and writes the profiles. */
export async function profileWorkers(
  serverPid: number,
  inspectPort: number,
  dir: string,
): Promise<() => Promise<void>> {
  const sessions = await Promise.all(childrenOf(serverPid).map((pid, i) => open(pid, inspectPort + i + 1)));
  for (const session of sessions) {
    await session.call('Profiler.enable');
    await session.call('Profiler.start');
  }
  return async () => {
    mkdirSync(dir, { recursive: true });
    for (const session of sessions) {
      const { profile } = (await session.call('Profiler.stop')) as { profile: unknown };
      writeFileSync(path.join(dir, `window-${session.pid}.cpuprofile`), JSON.stringify(profile));
      session.close();
    }
  };
}
