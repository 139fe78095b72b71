import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DatabaseInUseError, lockDataDir } from '../../server/src/db/pglite-lock';

const dir = mkdtempSync(path.join(tmpdir(), 'paddock-lock-'));
let n = 0;
const lockFile = () => path.join(dir, `pglite-${n++}.lock`);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the PGlite data directory lock', () => {
  it('lets one process in and refuses another live one', () => {
    const file = lockFile();
    const release = lockDataDir(file);
    expect(readFileSync(file, 'utf8')).toBe(String(process.pid));
    writeFileSync(file, String(process.ppid));
    expect(() => lockDataDir(file)).toThrow(DatabaseInUseError);
    release();
    lockDataDir(file)();
  });

  it('takes over a lock left by a dead process', () => {
    const file = lockFile();
    writeFileSync(file, '2147483646');
    const release = lockDataDir(file);
    expect(readFileSync(file, 'utf8')).toBe(String(process.pid));
    release();
  });
});
