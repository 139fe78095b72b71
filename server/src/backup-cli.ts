import path from 'node:path';
import { ConfigError, loadConfig } from './config';
import { backupDatabase, BackupError, restoreDatabase } from './db/backup';
import { DatabaseInUseError } from './db/pglite-lock';

/*
 * `npm run backup [file]` and `npm run restore <file>`: the database the server is configured
 * for (DATABASE_URL, else the embedded one in DATA_DIR). The embedded database is backed up and
 * restored with the server stopped; PostgreSQL is backed up while it runs and restored into a
 * new, empty database.
 */
async function main(): Promise<void> {
  const [command, fileArg] = process.argv.slice(2);
  const config = loadConfig();
  if (command === 'backup') {
    const stamp = new Date().toISOString().replace(/[-:]/g, '').replace(/\..*/, '').replace('T', '-');
    const file =
      fileArg ?? path.join(config.dataDir, 'backups', `paddock-${stamp}.${config.databaseUrl ? 'dump' : 'tar.gz'}`);
    const kind = await backupDatabase(config, file);
    console.info(`backup of the ${kind === 'postgres' ? 'PostgreSQL' : 'embedded'} database written to ${file}`);
    return;
  }
  if (command === 'restore' && fileArg) {
    const kind = await restoreDatabase(config, fileArg);
    console.info(`${fileArg} restored into the ${kind === 'postgres' ? 'PostgreSQL' : 'embedded'} database`);
    return;
  }
  throw new BackupError('usage: npm run backup [file] | npm run restore <file>');
}

main().catch((err: unknown) => {
  const expected = err instanceof BackupError || err instanceof ConfigError || err instanceof DatabaseInUseError;
  console.error(expected ? (err as Error).message : err);
  process.exit(1);
});
