import pg from 'pg';

/** A throwaway PostgreSQL cluster for the figures on PostgreSQL (scripts/pg-cluster.mjs, plain JS). */
export interface Cluster {
  url: string;
  stop(): void;
}

export async function startCluster(port: number): Promise<Cluster> {
  const script = '../scripts/pg-cluster.mjs';
  const { startCluster: start } = (await import(script)) as { startCluster: (port: number) => Cluster };
  return start(port);
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
