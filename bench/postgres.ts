import pg from 'pg';

/** A throwaway PostgreSQL cluster for the figures on PostgreSQL (scripts/pg-cluster.mjs, plain JS). */
export interface Cluster {
  url: string;
  /** The directory of its Unix socket (socketUrl). */
  socketDir: string;
  /** Its data directory. */
  data: string;
  stop(): void;
}

/**
 * `durable`: with PostgreSQL's own fsync and commit defaults (the tests turn them off);
 * `options`: more server settings (`-c name=value …`).
 */
export async function startCluster(
  port: number,
  options: { durable?: boolean; options?: string } = {},
): Promise<Cluster> {
  const script = '../scripts/pg-cluster.mjs';
  const { startCluster: start } = (await import(script)) as {
    startCluster: (port: number, options: { durable?: boolean; options?: string }) => Cluster;
  };
  return start(port, options);
}

/**
 * The same database reached through the cluster's Unix socket (libpq's `host=` a directory), as
 * an API on the database's own machine connects: no TCP stack on either side of a query (on
 * loopback both ends' kernel work is the API's and PostgreSQL's CPU).
 */
export function socketUrl(url: string, socketDir: string): string {
  const socket = new URL(url);
  socket.searchParams.set('host', socketDir);
  return socket.toString();
}

/** A new database on the cluster; its URL. */
export async function createDatabase(adminUrl: string, name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
