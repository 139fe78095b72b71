import { eq, inArray, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { duplicateGroup } from '@shared/schemas/people';
import type { Horse } from '@shared/schemas/participation';
import { AppError, fieldError } from '../../app-error';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { rowsOf } from '../../db/rows';
import { horses } from '../../db/schema';
import { mergeHorses } from './horse-merge';
import { horseValues, toHorse, type HorseInput } from './horse-wire';

type DuplicateGroup = z.infer<typeof duplicateGroup>;

/**
 * Horses sharing a normalised name (lower case, letters and digits only) or a national id, as
 * groups of ids: the name's groups first.
 */
const DUPLICATE_KEYS = sql`
  SELECT key, array_agg(id ORDER BY id) AS ids FROM (
    SELECT id, lower(regexp_replace(name, '[^[:alnum:]]+', '', 'g')) AS key FROM horses
    UNION ALL
    SELECT id, 'national_id:' || upper(regexp_replace(national_id, '\\s+', '', 'g')) FROM horses
    WHERE coalesce(btrim(national_id), '') <> ''
  ) k
  WHERE key <> ''
  GROUP BY key HAVING count(*) > 1
  ORDER BY key LIKE 'national_id:%', key`;

/** Per horse: how many riders it is assigned to and how many venue participations show it. */
const usageOf = (ids: number[]) => sql`
  SELECT h.id,
    (SELECT count(*) FROM rider_horses r WHERE r.horse_id = h.id)::int AS riders,
    (SELECT count(*) FROM participation_horses p WHERE p.horse_id = h.id)::int AS participations
  FROM horses h WHERE h.id IN (${sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )})`;

async function lockHorse(tx: Db, id: number) {
  const [row] = await tx.select().from(horses).where(eq(horses.id, id)).for('update');
  return row;
}

/** The admin's horse records: read, correct, find duplicates and merge them. */
export function createHorseService(ctx: AppContext) {
  return {
    async duplicates(): Promise<{ results: DuplicateGroup[] }> {
      const groups = rowsOf<{ key: string; ids: number[] }>(await ctx.db.execute(DUPLICATE_KEYS));
      const ids = [...new Set(groups.flatMap((g) => g.ids.map(Number)))];
      if (!ids.length) return { results: [] };
      const rows = await ctx.db.select().from(horses).where(inArray(horses.id, ids));
      const usage = rowsOf<{ id: number; riders: number; participations: number }>(await ctx.db.execute(usageOf(ids)));
      const byId = new Map(rows.map((h) => [h.id, h]));
      const usageById = new Map(usage.map((u) => [Number(u.id), u]));
      return {
        results: groups.map((g) => ({
          key: g.key,
          horses: g.ids.map(Number).map((id) => ({
            ...toHorse(byId.get(id)!),
            riders: usageById.get(id)?.riders ?? 0,
            participations: usageById.get(id)?.participations ?? 0,
          })),
        })),
      };
    },

    async get(id: number): Promise<Horse> {
      const [row] = await ctx.db.select().from(horses).where(eq(horses.id, id));
      if (!row) throw new AppError('not_found');
      return toHorse(row);
    },

    async update(request: FastifyRequest, id: number, input: HorseInput): Promise<Horse> {
      const row = await ctx.db
        .transaction(async (tx) => {
          const [updated] = await tx.update(horses).set(horseValues(input)).where(eq(horses.id, id)).returning();
          if (!updated) throw new AppError('not_found');
          await ctx.audit.record(request, { action: 'horse.update', details: { id, name: input.name } }, tx);
          return updated;
        })
        .catch((err: unknown) => {
          throw isUniqueViolation(err) ? fieldError('fei_id', 'duplicate') : err;
        });
      return toHorse(row);
    },

    /** Every link of horse `id` moves to `into`; `id` is deleted. One transaction. */
    async merge(request: FastifyRequest, id: number, into: number): Promise<Horse> {
      if (id === into) throw fieldError('into', 'same_record');
      const kept = await ctx.db.transaction(async (tx) => {
        // Lock in id order, so two merges of the same pair never deadlock.
        const [first, second] = id < into ? [id, into] : [into, id];
        const locked = new Map([
          [first, await lockHorse(tx, first)],
          [second, await lockHorse(tx, second)],
        ]);
        const from = locked.get(id);
        const target = locked.get(into);
        if (!from) throw new AppError('not_found');
        if (!target) throw fieldError('into', 'does_not_exist');
        const moved = await mergeHorses(tx, from, target);
        await ctx.audit.record(
          request,
          { action: 'horse.merge', details: { id, into, name: from.name, ...moved } },
          tx,
        );
        const [row] = await tx.select().from(horses).where(eq(horses.id, into));
        return row!;
      });
      return toHorse(kept);
    },
  };
}
