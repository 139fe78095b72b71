import type { PersonSummary } from '@shared/schemas/participation';

interface PersonRow {
  id: number;
  userId: number | null;
  firstName: string;
  lastName: string;
  email: string | null;
  companyName?: string;
  feiId?: string | null;
}

/** "First Last", or the company for employers and merchants that have one. */
export const personName = (row: Omit<PersonRow, 'id' | 'userId' | 'email'>): string =>
  row.companyName || `${row.firstName} ${row.lastName}`.trim();

export const toPersonSummary = (row: PersonRow): PersonSummary => ({
  id: row.id,
  user: row.userId,
  name: personName(row),
  email: row.email,
  fei_id: row.feiId ?? null,
});
