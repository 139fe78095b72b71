import type { z } from 'zod';
import type { Horse, horseInput } from '@shared/schemas/participation';
import type { horses } from '../../db/schema';

export type HorseRow = typeof horses.$inferSelect;
export type HorseInput = z.infer<typeof horseInput>;

export const toHorse = (h: HorseRow): Horse => ({
  id: h.id,
  name: h.name,
  fei_id: h.feiId,
  national_id: h.nationalId,
  birth_year: h.birthYear,
  sex: h.sex,
  colour: h.colour,
  breed: h.breed,
});

/** The columns of a horse from its input; blanks are stored as null. */
export const horseValues = (input: HorseInput) => ({
  name: input.name,
  feiId: input.fei_id || null,
  nationalId: input.national_id || null,
  birthYear: input.birth_year ?? null,
  sex: input.sex ?? null,
  colour: input.colour || null,
  breed: input.breed || null,
});
