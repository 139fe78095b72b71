import { readdirSync, readFileSync } from 'node:fs';

/**
 * CPU time of process trees from /proc (Linux): the API's processes (the supervisor and its
 * cluster workers) and the PostgreSQL server (the postmaster and its backends). A tree's time
 * is each live process's own user + system time, plus the postmaster's and supervisor's
 * `cutime + cstime`: the time of children that ended and were reaped (a backend whose client
 * disconnected), so a process that ends between two readings still counts.
 */

const TICKS_PER_SECOND = 100; // USER_HZ, 100 on every Linux the tests run on (getconf CLK_TCK)

interface Stat {
  pid: number;
  ppid: number;
  /** utime + stime, in ticks. */
  own: number;
  /** cutime + cstime, in ticks. */
  reaped: number;
  /** stime and cstime: the kernel's share (sockets, on loopback both ends' network stack). */
  system: number;
}

function statOf(pid: number): Stat | null {
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return null; // ended meanwhile
  }
  // The command name is in parentheses and may hold spaces: the fields start after the last ')'.
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  // fields[0] is field 3 (state): ppid is field 4, utime..cstime fields 14..17.
  return {
    pid,
    ppid: Number(fields[1]),
    own: Number(fields[11]) + Number(fields[12]),
    reaped: Number(fields[13]) + Number(fields[14]),
    system: Number(fields[12]) + Number(fields[14]),
  };
}

function allStats(): Stat[] {
  const stats: Stat[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const stat = statOf(Number(name));
    if (stat) stats.push(stat);
  }
  return stats;
}

/** CPU milliseconds of the tree rooted at `root` (itself, every descendant, and reaped children), and its system part. */
export function treeCpuMs(root: number, stats: Stat[] = allStats()): { total: number; system: number } {
  const children = new Map<number, Stat[]>();
  for (const stat of stats) {
    const list = children.get(stat.ppid);
    if (list) list.push(stat);
    else children.set(stat.ppid, [stat]);
  }
  const top = stats.find((s) => s.pid === root);
  if (!top) return { total: NaN, system: NaN };
  let ticks = top.reaped;
  let system = 0;
  const todo = [top];
  while (todo.length) {
    const stat = todo.pop()!;
    ticks += stat.own;
    system += stat.system;
    todo.push(...(children.get(stat.pid) ?? []));
  }
  return { total: (ticks * 1000) / TICKS_PER_SECOND, system: (system * 1000) / TICKS_PER_SECOND };
}

/** The postmaster's pid, from the first line of its data directory's postmaster.pid. */
export function postmasterPid(dataDir: string): number {
  return Number(readFileSync(`${dataDir}/postmaster.pid`, 'utf8').split('\n')[0]);
}

export interface CpuReading {
  apiMs: number;
  /** Of which in the kernel. */
  apiSystemMs: number;
  postgresMs: number;
  postgresSystemMs: number;
  /** This process (the simulated clients): what competes with the server for the cores. */
  clientsMs: number;
}

/** One reading of the API tree, the PostgreSQL tree and this process. */
export function readCpu(apiPid: number, postgresPid: number): CpuReading {
  const stats = allStats();
  const self = process.cpuUsage();
  const api = treeCpuMs(apiPid, stats);
  const postgres = treeCpuMs(postgresPid, stats);
  return {
    apiMs: api.total,
    apiSystemMs: api.system,
    postgresMs: postgres.total,
    postgresSystemMs: postgres.system,
    clientsMs: (self.user + self.system) / 1000,
  };
}

export const cpuBetween = (a: CpuReading, b: CpuReading): CpuReading => ({
  apiMs: b.apiMs - a.apiMs,
  apiSystemMs: b.apiSystemMs - a.apiSystemMs,
  postgresMs: b.postgresMs - a.postgresMs,
  postgresSystemMs: b.postgresSystemMs - a.postgresSystemMs,
  clientsMs: b.clientsMs - a.clientsMs,
});
