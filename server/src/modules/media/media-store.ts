import { createHash } from 'node:crypto';
import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { mediaFileChunks, mediaFiles } from '../../db/schema';

/*
 * Files kept in the database (logos, documents, the venue's logo on invoices), written and read
 * in pieces. One statement carrying a 10 MB document held the embedded database — which runs on
 * the event loop — for most of a second, and every other request with it. Each piece is a
 * statement of its own, outside any transaction (a transaction would hold the database for all
 * of them): the other requests take their turns in between.
 */

/** The size of a piece before base64 (a multiple of 3: the pieces' base64 needs no padding inside). */
export const MEDIA_PIECE_BYTES = 3 * 64 * 1024;
/** Pieces read per statement. */
const PIECES_PER_READ = 4;

export interface StoredMedia {
  id: number;
  sha256: string;
}

/**
 * Stores a file and answers its id and SHA-256. The caller links it in its own transaction and,
 * should that fail, removes it again (`removeMedia`).
 */
export async function storeMedia(
  db: Db,
  file: { contentType: string; fileName: string; bytes: Buffer },
): Promise<StoredMedia> {
  const [row] = await db
    .insert(mediaFiles)
    .values({ contentType: file.contentType, fileName: file.fileName, sha256: '' })
    .returning({ id: mediaFiles.id });
  const id = row!.id;
  try {
    const hash = createHash('sha256');
    for (let seq = 0, at = 0; at < file.bytes.length; seq += 1, at += MEDIA_PIECE_BYTES) {
      const piece = file.bytes.subarray(at, at + MEDIA_PIECE_BYTES);
      hash.update(piece);
      await db.insert(mediaFileChunks).values({ fileId: id, seq, data: piece.toString('base64') });
    }
    const sha256 = hash.digest('hex');
    await db.update(mediaFiles).set({ sha256 }).where(eq(mediaFiles.id, id));
    return { id, sha256 };
  } catch (err) {
    await removeMedia(db, id);
    throw err;
  }
}

/** A stored file, or null when there is none of that id. */
export async function readMedia(
  db: Db,
  id: number,
): Promise<{ contentType: string; fileName: string; sha256: string; bytes: Buffer } | null> {
  const [file] = await db.select().from(mediaFiles).where(eq(mediaFiles.id, id));
  if (!file) return null;
  const { contentType, fileName, sha256 } = file;
  // Stored whole (before pieces, or by the demo seed).
  if (file.dataBase64) return { contentType, fileName, sha256, bytes: Buffer.from(file.dataBase64, 'base64') };
  const parts: Buffer[] = [];
  for (let from = 0; ; from += PIECES_PER_READ) {
    const pieces = await db
      .select({ data: mediaFileChunks.data })
      .from(mediaFileChunks)
      .where(
        sql`${mediaFileChunks.fileId} = ${id} AND ${mediaFileChunks.seq} >= ${from} AND ${mediaFileChunks.seq} < ${from + PIECES_PER_READ}`,
      )
      .orderBy(asc(mediaFileChunks.seq));
    for (const p of pieces) parts.push(Buffer.from(p.data, 'base64'));
    if (pieces.length < PIECES_PER_READ) break;
  }
  return { contentType, fileName, sha256, bytes: Buffer.concat(parts) };
}

/** Removes a stored file and its pieces. */
export async function removeMedia(db: Db, id: number): Promise<void> {
  await db.delete(mediaFiles).where(eq(mediaFiles.id, id));
}
