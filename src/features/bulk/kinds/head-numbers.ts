import { headNumberInput } from '@shared/schemas/participation';
import { schemaErrors, type BulkKind, type RowErrorCodes, type VenueHorse } from './kind';

type Field = 'head_number' | 'horse' | 'rider';

const same = (a: string, b: string) => a.trim().toLocaleLowerCase() === b.trim().toLocaleLowerCase();

/**
 * The horse a line means: by FEI id, else by name; a rider named on the line picks among horses
 * of the same name. Unknown (not entered at this show) and ambiguous lines are errors.
 */
export function matchHorse(
  horses: readonly VenueHorse[],
  horse: string,
  rider: string,
): VenueHorse | 'not_found' | 'ambiguous' {
  if (!horse.trim()) return 'not_found';
  const byFei = horses.filter((h) => h.feiId && same(h.feiId, horse));
  let found = byFei.length ? byFei : horses.filter((h) => same(h.name, horse));
  if (rider.trim() && found.length > 1) found = found.filter((h) => same(h.rider, rider));
  if (found.length > 1) return 'ambiguous';
  return found[0] ?? 'not_found';
}

export const headNumbersKind: BulkKind<Field> = {
  id: 'headNumbers',
  path: 'headNumber/',
  columns: [
    {
      field: 'head_number',
      aliases: [
        'Head number',
        'Number',
        'No',
        'Nr',
        'Kopfnummer',
        'Startnummer',
        'Numer',
        'Numer startowy',
        'Numéro',
        'Dossard',
        'Numero',
        'Testiera',
        'Numero di testiera',
      ],
    },
    { field: 'horse', aliases: ['Horse', 'Horse FEI ID', 'FEI ID', 'Pferd', 'Koń', 'Cheval', 'Cavallo'] },
    { field: 'rider', aliases: ['Rider', 'Athlete', 'Reiter', 'Jeździec', 'Zawodnik', 'Cavalier', 'Cavaliere'] },
  ],
  columnOf: (field) =>
    field === 'participation_horse' ? 'horse' : (['head_number', 'horse', 'rider'] as const).find((f) => f === field),

  check(cells, { horses }) {
    const errors: RowErrorCodes = {};
    const match = matchHorse(horses, cells.horse, cells.rider);
    if (match === 'not_found') errors.horse = [cells.horse ? 'horse_not_here' : 'required'];
    if (match === 'ambiguous') errors.horse = ['horse_ambiguous'];
    const number = /^\d{1,9}$/.test(cells.head_number) ? Number(cells.head_number) : NaN;
    if (!cells.head_number) errors.head_number = ['required'];
    else if (Number.isNaN(number)) errors.head_number = ['invalid'];
    const horse = typeof match === 'object' ? match : null;
    const input = {
      participation_horse: horse?.participationHorse ?? 0,
      head_number: Number.isNaN(number) ? 0 : number,
    };
    if (horse && !errors.head_number) schemaErrors(headNumberInput, input, headNumbersKind.columnOf, errors);
    return {
      input,
      errors,
      display: {
        head_number: cells.head_number,
        horse: horse ? (horse.feiId ? `${horse.name} (${horse.feiId})` : horse.name) : cells.horse,
        rider: horse ? horse.rider : cells.rider,
      },
    };
  },
};
