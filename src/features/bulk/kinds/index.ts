import { attendeesKind } from './attendees';
import { consumablesKind } from './consumables';
import { headNumbersKind } from './head-numbers';
import type { BulkKind } from './kind';

export type BulkKindId = BulkKind['id'];

export const KINDS: Record<BulkKindId, BulkKind> = {
  consumables: consumablesKind as BulkKind,
  attendees: attendeesKind as BulkKind,
  headNumbers: headNumbersKind as BulkKind,
};
