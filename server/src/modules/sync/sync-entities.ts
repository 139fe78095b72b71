import type { SyncEntity } from '@shared/schemas/sync';
import type { ExportList } from './registry-source';

/*
 * What the sync reads and writes of each kind of record. Every field is compared as text: `read`
 * is the SQL giving the local value as text from the row `t`, `write` the SQL turning the text
 * `x.<field>` back into the column's type. Keys are tried in order: the registry's own id (a
 * record synced before), the FEI id, the national id; the e-mail only when none of those match.
 */

export interface FieldSpec {
  name: string;
  column: string;
  read: string;
  write: string;
  /** Compared without regard to case (e-mail). */
  caseless?: boolean;
}

export interface EntitySpec {
  entity: SyncEntity;
  list: ExportList;
  table: string;
  /** The local record's registry id as SQL (clubs keep it in a column, the rest in registry_data). */
  registryId: string;
  /** Strong keys besides the registry id (fields of the record that name one record only). */
  keys: string[];
  /** Matched when no strong key matches. */
  weakKey: string | null;
  fields: FieldSpec[];
  /** The local record's name as SQL, for the conflicts list. */
  name: string;
}

const plain = (name: string): FieldSpec => ({ name, column: name, read: `t.${name}`, write: `x.${name}` });
const notNullText = (name: string): FieldSpec => ({
  name,
  column: name,
  read: `nullif(t.${name}, '')`,
  write: `coalesce(x.${name}, '')`,
});
const email: FieldSpec = { ...plain('email'), caseless: true };
const personName = `nullif(trim(t.first_name || ' ' || t.last_name), '')`;
/** Riders, horses and officials keep their registry id in registry_data. */
const registryDataId = `(t.registry_data ->> 'id')`;
const idKeys = ['fei_id', 'national_id'];
const idFields = [plain('fei_id'), plain('national_id')];
/** A rider's or official's fields in common (the e-mail is their weak key). */
const personFields = [...idFields, notNullText('first_name'), notNullText('last_name'), email, plain('nationality')];

export const ENTITY_SPECS: EntitySpec[] = [
  {
    entity: 'club',
    list: 'clubs',
    table: 'clubs',
    registryId: 't.registry_id',
    keys: [],
    weakKey: null,
    fields: [notNullText('name'), plain('city'), plain('country')],
    name: 't.name',
  },
  {
    entity: 'rider',
    list: 'riders',
    table: 'riders',
    registryId: registryDataId,
    keys: idKeys,
    weakKey: 'email',
    fields: [
      ...personFields,
      { name: 'birth_date', column: 'birth_date', read: 't.birth_date::text', write: 'x.birth_date::date' },
      {
        name: 'club',
        column: 'club_id',
        read: '(SELECT c.registry_id FROM clubs c WHERE c.id = t.club_id)',
        write: '(SELECT c.id FROM clubs c WHERE c.registry_id = x.club)',
      },
    ],
    name: personName,
  },
  {
    entity: 'horse',
    list: 'horses',
    table: 'horses',
    registryId: registryDataId,
    keys: idKeys,
    weakKey: null,
    fields: [
      ...idFields,
      notNullText('name'),
      { name: 'birth_year', column: 'birth_year', read: 't.birth_year::text', write: 'x.birth_year::int' },
      plain('sex'),
      plain('colour'),
      plain('breed'),
    ],
    name: 't.name',
  },
  {
    entity: 'official',
    list: 'officials',
    table: 'officials',
    registryId: registryDataId,
    keys: idKeys,
    weakKey: 'email',
    fields: [
      ...personFields,
      {
        name: 'functions',
        column: 'functions',
        read: `nullif(array_to_string(ARRAY(SELECT f FROM unnest(t.functions) AS f ORDER BY f), ','), '')`,
        write: `coalesce(string_to_array(x.functions, ','), '{}'::text[])`,
      },
    ],
    name: personName,
  },
];

export const specOf = (entity: SyncEntity): EntitySpec => ENTITY_SPECS.find((s) => s.entity === entity)!;
export const specOfList = (list: ExportList): EntitySpec => ENTITY_SPECS.find((s) => s.list === list)!;
