// A throwaway PostgreSQL cluster from Debian's packages, for the API suite's real-server run.
import { execFileSync, execSync } from 'node:child_process';
import { mkdtempSync, rmSync, chmodSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { postgresBinDir } from './ensure-system.mjs';

/**
 * `durable`: PostgreSQL's own defaults (fsync, synchronous commit, full page writes), for figures
 * that must include what a commit costs on a real server; otherwise those are off, as the tests
 * need no crash safety. `options`: more server settings (`-c name=value …`).
 */
export function startCluster(port = 54329, { durable = false, options = '' } = {}) {
  const bin = postgresBinDir();
  if (!bin) throw new Error('PostgreSQL binaries not found');
  const dir = mkdtempSync(path.join(tmpdir(), 'paddock-pg-'));
  chmodSync(dir, 0o777);
  const data = path.join(dir, 'data');
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const run = (cmd) =>
    isRoot ? execFileSync('su', ['postgres', '-c', cmd], { stdio: 'pipe' }) : execSync(cmd, { stdio: 'pipe' });
  run(`${bin}/initdb -D ${data} -A trust -U postgres --no-sync`);
  const fast = durable ? '' : ' -c fsync=off -c synchronous_commit=off -c full_page_writes=off';
  run(
    `${bin}/pg_ctl -D ${data} -l ${dir}/log -o "-c listen_addresses=127.0.0.1 -p ${port} -k ${dir}${fast} -c max_connections=200${options ? ` ${options}` : ''}" -w start`,
  );
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    /** The directory of its Unix socket (`-k`): a client on this machine may connect through it. */
    socketDir: dir,
    /** The data directory (its postmaster.pid names the server's process). */
    data,
    stop() {
      try {
        run(`${bin}/pg_ctl -D ${data} -m immediate -w stop`);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
