import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { OwnerType } from '@shared/schemas/owner';
import type { Db } from '../../server/src/db/client';
import { employments } from '../../server/src/db/schema';
import { seedLedgerFixtures, type LedgerFixtures } from './ledger-fixtures';

/**
 * The ledger's show (ledger-fixtures.ts) seen as owners: every demo profile user's owner id by
 * kind, plus the employed rider (confirmed employment with the demo employer) and upload bytes.
 */
export interface OwnerFixtures extends LedgerFixtures {
  /** The demo user's own profile id, per kind. */
  own: Record<OwnerType, number>;
}

/** Which demo user owns the profile of each kind. */
export const OWNER_USERS: Record<OwnerType, string> = {
  rider: 'rider',
  employer: 'employer',
  official: 'official',
  simpleuser: 'simpleuser',
  merchant: 'merchant',
};

export async function seedOwnerFixtures(db: Db): Promise<OwnerFixtures> {
  const f = await seedLedgerFixtures(db);
  return {
    ...f,
    own: { rider: f.rider, employer: f.employer, official: f.official, simpleuser: f.simpleUser, merchant: f.merchant },
  };
}

/** The employer's employment of the employed rider ends (yesterday). */
export async function endEmployment(db: Db, f: OwnerFixtures): Promise<void> {
  await db
    .update(employments)
    .set({ status: 'ended', dateTo: '2021-01-01' })
    .where(eq(employments.riderId, f.employedRider));
}

export const VALID_IBAN = 'DE89 3704 0044 0532 0130 00';
export const VALID_BIC = 'COBADEFFXXX';

/** A 1×1 PNG, a minimal PDF, a JPEG and a WebP head: what the server sniffs. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);
export const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
export const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(16)]);
export const WEBP = Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WEBPVP8 '), Buffer.alloc(8)]);

/** A multipart/form-data body: fields first, then (if given) the file under `file`. */
export function multipart(fields: Record<string, string>, file?: { bytes: Buffer; name: string; type?: string }) {
  const boundary = `----paddock${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = Object.entries(fields).map(([name, value]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
  );
  if (file) {
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type ?? 'application/pdf'}\r\n\r\n`;
    parts.push(Buffer.from(head), file.bytes, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
