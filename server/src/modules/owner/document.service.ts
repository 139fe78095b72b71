import { and, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { OwnerDocument, OwnerType } from '@shared/schemas/owner';
import type { ListQuery } from '@shared/schemas/pagination';
import { AppError, fieldError } from '../../app-error';
import type { AppContext } from '../../context';
import { documents as d, mediaFiles, teamMembers as tm } from '../../db/schema';
import { pageOf } from '../../http/pagination';
import { sessionOf } from '../../http/session';
import { ownerFor, type Owner } from './owner-access';
import { readMedia, removeMedia, storeMedia } from '../media/media-store';
import { readDocumentUpload, safeFileName, sniffDocument } from './document-file';

type Row = typeof d.$inferSelect;

const memberName = sql<string | null>`btrim(${tm.firstName} || ' ' || ${tm.lastName})`;
const iso = (value: Date) => value.toISOString();

const toWire = (row: Row, member: { id: number | null; name: string | null }): OwnerDocument => ({
  id: row.id,
  owner_type: row.ownerType as OwnerDocument['owner_type'],
  owner_id: row.ownerId,
  type: row.type as OwnerDocument['type'],
  title: row.title,
  valid_until: row.validUntil,
  file_name: row.fileName,
  content_type: row.contentType,
  size: row.size,
  created_at: iso(row.createdAt),
  team_member: member.id === null ? null : { id: member.id, name: member.name ?? '' },
});

const ownedBy = (owner: Owner) => and(eq(tm.ownerType, owner.type), eq(tm.ownerId, owner.id));

/** Documents of an owner and of their team members; the file itself in media_files. */
export function createDocumentService(ctx: AppContext) {
  /** The document and its owner (a team member's document belongs to the member's owner); else 404. */
  async function reach(request: FastifyRequest, id: number): Promise<Row> {
    const [row] = await ctx.db.select().from(d).where(eq(d.id, id));
    if (!row) throw new AppError('not_found');
    let owner = { type: row.ownerType, id: row.ownerId };
    if (row.ownerType === 'teammember') {
      const [member] = await ctx.db
        .select({ type: tm.ownerType, id: tm.ownerId })
        .from(tm)
        .where(eq(tm.id, row.ownerId));
      if (!member) throw new AppError('not_found');
      owner = member;
    }
    await ownerFor(ctx.db, sessionOf(request), owner.type as OwnerType, owner.id);
    return row;
  }

  return {
    async list(request: FastifyRequest, type: OwnerType, id: number, query: ListQuery & { team?: string }) {
      const owner = await ownerFor(ctx.db, sessionOf(request), type, id);
      const members = ctx.db.select({ id: tm.id }).from(tm).where(ownedBy(owner));
      const where: SQL =
        query.team === 'true'
          ? and(eq(d.ownerType, 'teammember'), inArray(d.ownerId, members))!
          : and(eq(d.ownerType, owner.type), eq(d.ownerId, owner.id))!;
      const [total] = await ctx.db.select({ n: count() }).from(d).where(where);
      const page = pageOf(query);
      const rows = await ctx.db
        .select({ row: d, memberId: tm.id, memberName })
        .from(d)
        .leftJoin(tm, and(eq(d.ownerType, 'teammember'), eq(tm.id, d.ownerId)))
        .where(where)
        .orderBy(desc(d.createdAt), desc(d.id))
        .limit(page.limit)
        .offset(page.offset);
      return {
        count: total?.n ?? 0,
        results: rows.map((r) => toWire(r.row, { id: r.memberId, name: r.memberName })),
      };
    },

    /** Stores an upload after checking what its bytes are. */
    async create(request: FastifyRequest, type: OwnerType, id: number): Promise<OwnerDocument> {
      const owner = await ownerFor(ctx.db, sessionOf(request), type, id);
      const upload = await readDocumentUpload(request);
      const contentType = sniffDocument(upload.bytes);
      if (!contentType) throw fieldError('file', 'invalid_file_type');
      let member: { id: number | null; name: string | null } = { id: null, name: null };
      if (upload.fields.team_member) {
        const [found] = await ctx.db
          .select({ id: tm.id, name: memberName })
          .from(tm)
          .where(and(eq(tm.id, upload.fields.team_member), ownedBy(owner)));
        if (!found) throw fieldError('team_member', 'does_not_exist');
        member = found;
      }
      const fileName = upload.fileName.slice(-200) || 'document';
      // The file first, in pieces outside the transaction (see media-store); removed again should the rest fail.
      const file = await storeMedia(ctx.db, { contentType, fileName, bytes: upload.bytes });
      const linked = ctx.db.transaction(async (tx) => {
        const [row] = await tx
          .insert(d)
          .values({
            ownerType: member.id === null ? owner.type : 'teammember',
            ownerId: member.id ?? owner.id,
            type: upload.fields.type,
            title: upload.fields.title ?? '',
            validUntil: upload.fields.valid_until ?? null,
            fileId: file.id,
            fileName,
            contentType,
            size: upload.bytes.length,
            uploadedByUserId: sessionOf(request).id,
          })
          .returning();
        await ctx.audit.record(
          request,
          { action: 'document.create', details: { id: row!.id, owner_type: row!.ownerType, owner_id: row!.ownerId } },
          tx,
        );
        return toWire(row!, member);
      });
      return linked.catch(async (err: unknown) => {
        await removeMedia(ctx.db, file.id);
        throw err;
      });
    },

    async download(request: FastifyRequest, id: number) {
      const row = await reach(request, id);
      const file = await readMedia(ctx.db, row.fileId);
      if (!file) throw new AppError('not_found');
      return { contentType: row.contentType, fileName: safeFileName(row.fileName), bytes: file.bytes };
    },

    async remove(request: FastifyRequest, id: number): Promise<void> {
      const row = await reach(request, id);
      await ctx.db.transaction(async (tx) => {
        await tx.delete(d).where(eq(d.id, id));
        await tx.delete(mediaFiles).where(eq(mediaFiles.id, row.fileId));
        await ctx.audit.record(request, { action: 'document.delete', details: { id } }, tx);
      });
    },
  };
}
