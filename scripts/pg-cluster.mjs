// A throwaway PostgreSQL cluster from Debian's packages, for the API suite's real-server run.
import { execFileSync, execSync } from 'node:child_process';
import { mkdtempSync, rmSync, chmodSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { postgresBinDir } from './ensure-system.mjs';

export function startCluster(port = 54329) {
  const bin = postgresBinDir();
  if (!bin) throw new Error('PostgreSQL binaries not found');
  const dir = mkdtempSync(path.join(tmpdir(), 'paddock-pg-'));
  chmodSync(dir, 0o777);
  const data = path.join(dir, 'data');
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const run = (cmd) =>
    isRoot ? execFileSync('su', ['postgres', '-c', cmd], { stdio: 'pipe' }) : execSync(cmd, { stdio: 'pipe' });
  run(`${bin}/initdb -D ${data} -A trust -U postgres --no-sync`);
  run(
    `${bin}/pg_ctl -D ${data} -l ${dir}/log -o "-c listen_addresses=127.0.0.1 -p ${port} -k ${dir} -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200" -w start`,
  );
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop() {
      try {
        run(`${bin}/pg_ctl -D ${data} -m immediate -w stop`);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
