import { XMLValidator } from 'fast-xml-parser';
import type { FeiWarning, FeiWarningCode } from '@shared/schemas/fei';
import { isoOfNation } from '@shared/sport/nations';
import { fieldError } from '../../app-error';
import { readXml, type XmlElement } from '../bank-statements/xml-tree';

/*
 * The FEI Entry System export (DOMAIN.md "File formats", namespace http://www.fei.org/Entry):
 * HorseSport → Generated, ShowEntries → Show (Venue), Athlete, Horse, Event → AthleteEntry →
 * HorseEntry. Real exports carry elements the schema does not know, booleans as the strings
 * "true"/"false", time stamps as Unix epochs and now and then a malformed date: unknown elements
 * are ignored, the rest converted, and all of it reported as warnings. One bad field never fails
 * the file; a file that is not XML, or not an entry export, is refused.
 */

export interface FeiShowRecord {
  feiId: string;
  type: string | null;
  name: string | null;
  startDate: string | null;
  endDate: string | null;
  venueName: string | null;
  country: string | null;
  timestamp: string | null;
}

export interface FeiAthleteRecord {
  feiId: string;
  nationalId: string | null;
  firstName: string;
  lastName: string;
  gender: string | null;
  birthDate: string | null;
  nation: string | null;
}

export interface FeiHorseRecord {
  feiId: string;
  name: string;
  nationalId: string | null;
  chipId: string | null;
  sex: string | null;
  birthYear: number | null;
  colour: string | null;
  bedding: string | null;
  ownerName: string | null;
}

/** One rider + horse in an event, with the flags of both levels folded together. */
export interface FeiEntryRecord {
  athlete: string;
  horse: string;
  accepted: boolean;
  withdrawn: boolean;
  rejected: boolean;
  pending: boolean;
}

export interface FeiEventRecord {
  feiId: string;
  /** e.g. CSI2*, CSIYR-A */
  code: string;
  discipline: string | null;
  category: string | null;
  startDate: string | null;
  endDate: string | null;
  entries: FeiEntryRecord[];
}

export interface FeiEntryFile {
  show: FeiShowRecord;
  athletes: FeiAthleteRecord[];
  horses: FeiHorseRecord[];
  events: FeiEventRecord[];
  warnings: FeiWarning[];
}

/** Elements the importer reads (or knowingly passes over), by parent; everything else is reported. */
const KNOWN_CHILDREN: Record<string, ReadonlySet<string>> = {
  HorseSport: new Set(['Generated', 'ShowEntries']),
  ShowEntries: new Set(['Show', 'Athlete', 'Horse', 'Event']),
  Show: new Set(['Venue']),
  Athlete: new Set(['ContactPerson']),
  Horse: new Set(['Ownership']),
  Ownership: new Set(['Owner']),
  Event: new Set(['AthleteEntry']),
  AthleteEntry: new Set(['HorseEntry']),
};

type Node = XmlElement;

/** Warnings folded by code, record and field (a thousand converted booleans are one warning). */
class Warnings {
  private readonly map = new Map<string, FeiWarning>();
  add(code: FeiWarningCode, record: string, field: string | null = null, value: string | null = null): void {
    const key = `${code}\u0000${record}\u0000${field ?? ''}`;
    const known = this.map.get(key);
    if (known) known.count += 1;
    else this.map.set(key, { code, record, field, value: value === null ? null : value.slice(0, 80), count: 1 });
  }
  list(): FeiWarning[] {
    return [...this.map.values()];
  }
}

const children = (node: Node, name: string): Node[] => node.children.filter((c) => c.name === name);
const attr = (node: Node, name: string): string => (node.attributes[name] ?? '').trim();
const text = (node: Node, name: string): string | null => attr(node, name) || null;

/** The namespace of the FEI Entry System's exports. */
export const FEI_ENTRY_NAMESPACE = 'http://www.fei.org/Entry';

/**
 * The namespace of the document's root element as written: the default namespace (xmlns) or
 * the one its prefix declares (xmlns:fei). The tree reader drops prefixes, so the prefix is read
 * from the root's start tag.
 */
function rootNamespace(xml: string, root: Node): string | null {
  const start = /<(?!\?|!)([A-Za-z_][\w.-]*:)?[A-Za-z_][\w.-]*[\s/>]/.exec(xml);
  const prefix = start?.[1]?.slice(0, -1);
  return (prefix ? root.attributes[`xmlns:${prefix}`] : root.attributes.xmlns)?.trim() || null;
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})(?:$|[T ])/;
const EPOCH = /^-?\d{9,11}$/;

function validDay(y: number, m: number, d: number): boolean {
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** Reads the file's values, reporting what it converts or cannot read. */
function reader(warnings: Warnings) {
  return {
    /** "true"/"false" (reported as converted); other values are read as best one can and reported. */
    bool(node: Node, name: string, record: string): boolean {
      const raw = attr(node, name);
      if (!raw) return false;
      const v = raw.toLowerCase();
      if (v === 'true' || v === 'false') {
        warnings.add('booleans_converted', 'file');
        return v === 'true';
      }
      warnings.add('malformed_boolean', record, name, raw);
      return v === '1' || v === 'yes' || v === 'y';
    },
    /** A day (YYYY-MM-DD, also the day of a date-time or of an epoch); a malformed one is left empty and reported. */
    day(node: Node, name: string, record: string): string | null {
      const raw = attr(node, name);
      if (!raw) return null;
      const m = DAY.exec(raw);
      if (m && validDay(Number(m[1]), Number(m[2]), Number(m[3]))) return `${m[1]}-${m[2]}-${m[3]}`;
      if (EPOCH.test(raw)) {
        warnings.add('epochs_converted', 'file');
        return new Date(Number(raw) * 1000).toISOString().slice(0, 10);
      }
      warnings.add('malformed_date', record, name, raw);
      return null;
    },
    /** A time stamp: a Unix epoch converted to ISO (reported), an ISO date-time kept; else empty and reported. */
    stamp(node: Node, name: string, record: string): string | null {
      const raw = attr(node, name);
      if (!raw) return null;
      if (EPOCH.test(raw)) {
        warnings.add('epochs_converted', 'file');
        return new Date(Number(raw) * 1000).toISOString();
      }
      const parsed = DAY.test(raw) ? new Date(raw) : null;
      if (parsed && !Number.isNaN(parsed.getTime())) return parsed.toISOString();
      warnings.add('malformed_date', record, name, raw);
      return null;
    },
  };
}

/** Reports the children of `node` the importer does not know (and does not read them). */
function checkChildren(node: Node, name: string, path: string, warnings: Warnings): void {
  const known = KNOWN_CHILDREN[name] ?? new Set<string>();
  for (const c of node.children) if (!known.has(c.name)) warnings.add('unknown_element', `${path}/${c.name}`);
}

/** The file's text: UTF-8 (a BOM dropped) or UTF-16 with its BOM. */
export function decodeFile(bytes: Buffer): string {
  if (bytes.length >= 2 && bytes[0] === 0xff && bytes[1] === 0xfe) return bytes.subarray(2).toString('utf16le');
  if (bytes.length >= 2 && bytes[0] === 0xfe && bytes[1] === 0xff) {
    const swapped = Buffer.from(bytes.subarray(2));
    swapped.swap16();
    return swapped.toString('utf16le');
  }
  const s = bytes.toString('utf8');
  return s.charCodeAt(0) === 0xfeff ? s.slice(1) : s;
}

/**
 * The most athletes, horses or entries one file may hold: the largest shows have a few thousand
 * entries, and what a file holds is looked up and stored on the event loop (the preview and the
 * import), so a file of a million records is refused rather than read.
 */
export const MAX_FEI_RECORDS = 20_000;

/**
 * Reads an FEI entry export. `masterlist`: the accepted entries list, every listed entry counts
 * as accepted. Throws field errors `file: empty_file | not_xml | not_fei_entry | wrong_namespace | too_big`.
 */
export function parseFeiEntries(xml: string, { masterlist = false, checked = false } = {}): FeiEntryFile {
  if (!xml.trim()) throw fieldError('file', 'empty_file');
  // fast-xml-parser's validator says whether it is XML at all (once, at the upload); the project's
  // small reader builds the tree (xml-tree.ts: a fraction of XMLParser's time on a big export).
  if (!xml.trimStart().startsWith('<') || (!checked && XMLValidator.validate(xml) !== true))
    throw fieldError('file', 'not_xml');
  let doc: Node;
  try {
    doc = readXml(xml);
  } catch {
    throw fieldError('file', 'not_xml');
  }
  const root = doc.name === 'HorseSport' ? doc : undefined;
  const entries = root ? children(root, 'ShowEntries')[0] : undefined;
  const showNode = entries ? children(entries, 'Show')[0] : undefined;
  if (!root || !entries || !showNode || !attr(showNode, 'FEIID')) throw fieldError('file', 'not_fei_entry');
  // An entry file is only read as one in the Entry System's namespace: a results file
  // (http://www.fei.org/Result) or a hand-made file without it has other meanings for the same
  // element names, and guessing would import the wrong thing.
  if (rootNamespace(xml, root) !== FEI_ENTRY_NAMESPACE) throw fieldError('file', 'wrong_namespace');

  if (['Athlete', 'Horse'].some((name) => children(entries, name).length > MAX_FEI_RECORDS))
    throw fieldError('file', 'too_big');

  const warnings = new Warnings();
  const read = reader(warnings);
  checkChildren(root, 'HorseSport', 'HorseSport', warnings);
  checkChildren(entries, 'ShowEntries', 'ShowEntries', warnings);
  checkChildren(showNode, 'Show', 'Show', warnings);

  const venueNode = children(showNode, 'Venue')[0];
  const showRecord = `Show ${attr(showNode, 'FEIID')}`;
  const show: FeiShowRecord = {
    feiId: attr(showNode, 'FEIID'),
    type: text(showNode, 'TypeCode'),
    name: text(showNode, 'Type') ?? text(showNode, 'Name'),
    startDate: read.day(showNode, 'StartDate', showRecord),
    endDate: read.day(showNode, 'EndDate', showRecord),
    venueName: venueNode ? text(venueNode, 'Name') : null,
    // The FEI names nations by IOC/FEI codes (GER); Paddock keeps ISO 3166 (DE).
    country: venueNode ? isoOfNation(text(venueNode, 'CountryNOC')) : null,
    timestamp: read.stamp(showNode, 'TimeStamp', showRecord),
  };

  const athletes = new Map<string, FeiAthleteRecord>();
  children(entries, 'Athlete').forEach((node, i) => {
    const feiId = attr(node, 'FEIID');
    const record = feiId ? `Athlete ${feiId}` : `Athlete #${i + 1}`;
    checkChildren(node, 'Athlete', 'Athlete', warnings);
    if (!feiId) return warnings.add('missing_id', record, 'FEIID');
    if (athletes.has(feiId)) warnings.add('duplicate_record', record);
    read.stamp(node, 'TimeStamp', record);
    athletes.set(feiId, {
      feiId,
      nationalId: text(node, 'NFID'),
      firstName: attr(node, 'FirstName'),
      lastName: attr(node, 'FamilyName') || attr(node, 'LastName'),
      gender: text(node, 'Gender'),
      birthDate: read.day(node, 'BirthDate', record),
      // IOC/FEI code in the file (GER, SUI), ISO 3166 alpha-2 on the person (DE, CH): a rider
      // imported from the FEI must save like any other.
      nation: isoOfNation(text(node, 'CompetingFor') ?? text(node, 'NOC')),
    });
  });

  const horses = new Map<string, FeiHorseRecord>();
  children(entries, 'Horse').forEach((node, i) => {
    const feiId = attr(node, 'FEIID');
    const record = feiId ? `Horse ${feiId}` : `Horse #${i + 1}`;
    checkChildren(node, 'Horse', 'Horse', warnings);
    const ownership = children(node, 'Ownership')[0];
    if (ownership) checkChildren(ownership, 'Ownership', 'Horse/Ownership', warnings);
    if (!feiId) return warnings.add('missing_id', record, 'FEIID');
    if (horses.has(feiId)) warnings.add('duplicate_record', record);
    read.bool(node, 'Stallion', record);
    read.bool(node, 'Pony', record);
    read.stamp(node, 'TimeStamp', record);
    const owner = ownership ? children(ownership, 'Owner')[0] : undefined;
    const ownerName =
      text(node, 'Owner') ??
      (owner
        ? (text(owner, 'CompanyName') ??
          ([attr(owner, 'FirstName'), attr(owner, 'FamilyName')].join(' ').trim() || null))
        : null);
    const born = read.day(node, 'BirthDate', record);
    horses.set(feiId, {
      feiId,
      name: attr(node, 'Name') || feiId,
      nationalId: text(node, 'UELN') ?? text(node, 'NFID'),
      chipId: text(node, 'ChipID'),
      sex: text(node, 'Gender') ?? text(node, 'Sex'),
      birthYear: born ? Number(born.slice(0, 4)) : null,
      colour: text(node, 'Color') ?? text(node, 'Colour'),
      bedding: text(node, 'Bedding'),
      ownerName,
    });
  });

  const events: FeiEventRecord[] = [];
  const seenEvents = new Set<string>();
  children(entries, 'Event').forEach((node, i) => {
    const feiId = attr(node, 'FEIID');
    const record = feiId ? `Event ${feiId}` : `Event #${i + 1}`;
    checkChildren(node, 'Event', 'Event', warnings);
    if (!feiId) return warnings.add('missing_id', record, 'FEIID');
    if (seenEvents.has(feiId)) warnings.add('duplicate_record', record);
    seenEvents.add(feiId);
    read.bool(node, 'Indoor', record);
    read.bool(node, 'OfficialTeam', record);
    read.day(node, 'DefiniteEntriesDate', record);
    read.stamp(node, 'TimeStamp', record);
    const event: FeiEventRecord = {
      feiId,
      code: attr(node, 'Code') || [attr(node, 'TypeCode'), attr(node, 'Level')].join('') || feiId,
      discipline: text(node, 'Discipline'),
      category: text(node, 'Category'),
      startDate: read.day(node, 'StartDate', record),
      endDate: read.day(node, 'EndDate', record),
      entries: [],
    };
    for (const athleteNode of children(node, 'AthleteEntry')) {
      checkChildren(athleteNode, 'AthleteEntry', 'Event/AthleteEntry', warnings);
      const athlete = attr(athleteNode, 'FEIID');
      const athleteRecord = `AthleteEntry ${athlete || '?'} (${feiId})`;
      if (!athlete) {
        warnings.add('missing_id', athleteRecord, 'FEIID');
        continue;
      }
      const a = flags(athleteNode, athleteRecord);
      read.stamp(athleteNode, 'TimeStamp', athleteRecord);
      read.stamp(athleteNode, 'AcceptationDate', athleteRecord);
      for (const horseNode of children(athleteNode, 'HorseEntry')) {
        checkChildren(horseNode, 'HorseEntry', 'Event/AthleteEntry/HorseEntry', warnings);
        const horse = attr(horseNode, 'FEIID');
        const horseRecord = `HorseEntry ${horse || '?'} (${athlete}, ${feiId})`;
        if (!horse) {
          warnings.add('missing_id', horseRecord, 'FEIID');
          continue;
        }
        const h = flags(horseNode, horseRecord);
        read.stamp(horseNode, 'TimeStamp', horseRecord);
        read.stamp(horseNode, 'AcceptationDate', horseRecord);
        event.entries.push({
          athlete,
          horse,
          accepted: masterlist || (a.accepted && h.accepted),
          withdrawn: a.withdrawn || h.withdrawn,
          rejected: !masterlist && (a.rejected || h.rejected),
          pending: !masterlist && (a.pending || h.pending),
        });
      }
    }
    events.push(event);
  });

  function flags(node: Node, record: string) {
    read.bool(node, 'Definite', record);
    read.bool(node, 'Nominated', record);
    return {
      accepted: read.bool(node, 'Accepted', record),
      // A substituted entry is replaced by its substitute's own entry: it leaves like a withdrawal.
      withdrawn: read.bool(node, 'Withdrawn', record) || read.bool(node, 'Substituted', record),
      rejected: read.bool(node, 'Rejected', record),
      pending: read.bool(node, 'Pending', record),
    };
  }

  if (events.reduce((n, e) => n + e.entries.length, 0) > MAX_FEI_RECORDS) throw fieldError('file', 'too_big');
  return { show, athletes: [...athletes.values()], horses: [...horses.values()], events, warnings: warnings.list() };
}
