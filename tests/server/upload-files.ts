import ExcelJS from 'exceljs';
import { crc32, deflateRawSync } from 'node:zlib';
import { MAX_RESULT_ROWS } from '@shared/schemas/results';

/*
 * Files at the uploads' declared limits, and zip bombs, for the tests that load the server
 * (no-stall.test.ts) and the bench (bench/trust-upload.ts).
 */

/** `text` repeated or cut to exactly `bytes` bytes (ASCII). */
const fill = (bytes: number, text = ' ') => text.repeat(Math.ceil(bytes / text.length)).slice(0, bytes);

/** A results CSV of `rows` rows, each padded with a long comment so the file is `bytes` long. */
export function resultsCsv(rows: number, bytes: number): Buffer {
  const header = 'head_number;status;faults;time;rider\r\n';
  const per = Math.floor((bytes - header.length) / rows);
  const lines = [header];
  for (let n = 1; n <= rows; n++) {
    const row = `${n};R;${(n % 3) * 4};${60 + (n % 20)},${n % 100};`;
    lines.push(row + fill(per - row.length - 2, 'Rider ') + '\r\n');
  }
  const csv = lines.join('');
  return Buffer.from(csv + fill(Math.max(0, bytes - csv.length), '\r\n').replace(/\r$/, ' '));
}

/** A results workbook of `rows` rows (exceljs). */
export async function resultsXlsx(rows = MAX_RESULT_ROWS): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Results');
  sheet.addRow(['Head number', 'Rider', 'Status', 'Faults', 'Time faults', 'Time', 'Jump-off faults', 'Jump-off time']);
  for (let n = 1; n <= rows; n++)
    sheet.addRow([
      n,
      `Rider number ${n} of the grand prix`,
      'R',
      (n % 3) * 4,
      n % 2,
      60 + (n % 20) / 10,
      0,
      40 + (n % 7),
    ]);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** One deflated zip entry: its local header and data, and its central directory record. */
function zipEntry(name: string, data: Buffer, size: number, crc: number, offset: number) {
  const fileName = Buffer.from(name);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4); // version needed
  local.writeUInt16LE(8, 8); // deflate
  local.writeUInt32LE(crc, 14);
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(size, 22);
  local.writeUInt16LE(fileName.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt16LE(8, 10);
  central.writeUInt32LE(crc, 16);
  central.writeUInt32LE(data.length, 20);
  central.writeUInt32LE(size, 24);
  central.writeUInt16LE(fileName.length, 28);
  central.writeUInt32LE(offset, 42);
  return { local: Buffer.concat([local, fileName, data]), central: Buffer.concat([central, fileName]) };
}

/**
 * A workbook-shaped zip whose sheet inflates to `megabytes` of zeros from a few hundred kB
 * (deflated by zlib, natively: building it must not take the test's time). `lying`: every
 * record that states the sheet's size says 1,000 bytes instead.
 */
export function zipBomb(megabytes: number, lying = false): Buffer {
  const size = megabytes * 1024 * 1024;
  const zeros = Buffer.alloc(size);
  const zerosCrc = crc32(zeros);
  const types = Buffer.from('<?xml version="1.0"?><Types/>');
  const entries = [
    { name: '[Content_Types].xml', data: deflateRawSync(types), size: types.length, crc: crc32(types) },
    {
      name: 'xl/worksheets/sheet1.xml',
      data: deflateRawSync(zeros, { level: 9 }),
      size: lying ? 1000 : size,
      crc: zerosCrc,
    },
  ];
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const { local, central } = zipEntry(e.name, e.data, e.size, e.crc, offset);
    locals.push(local);
    centrals.push(central);
    offset += local.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/**
 * An FEI entry export of `athletes` athletes with two horses each, each pair entered in three
 * events (6 entries per athlete), padded to `bytes` (when it is shorter).
 */
export function feiEntryFile(show: string, athletes: number, bytes: number): Buffer {
  const athlete = (i: number) => String(30_000_000 + i);
  const horse = (i: number, k: number) => `9${String(i).padStart(5, '0')}${k ? 'B' : 'A'}`;
  const out: string[] = [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<HorseSport xmlns="http://www.fei.org/Entry"><Generated Date="2026-06-02T09:15:00+00:00" Software="FEI Entry System" />',
    `<ShowEntries><Show FEIID="${show}" TypeCode="CSI" StartDate="2026-06-11" EndDate="2026-06-14"><Venue Name="Bench" CountryNOC="GER" /></Show>`,
  ];
  for (let i = 0; i < athletes; i++)
    out.push(
      `<Athlete FEIID="${athlete(i)}" FirstName="Load" FamilyName="RIDER ${i}" Gender="F" BirthDate="1990-01-01" CompetingFor="GER" />`,
    );
  for (let i = 0; i < athletes; i++)
    for (const k of [0, 1])
      out.push(`<Horse FEIID="${horse(i, k)}" Name="LOAD HORSE ${i}-${k}" Gender="Mare" BirthDate="2015-01-01" />`);
  const flags = 'Definite="true" Withdrawn="false" Accepted="true" Pending="false" Rejected="false"';
  ['CSI3*', 'CSI2*', 'CSI1*'].forEach((code, e) => {
    out.push(`<Event FEIID="${show}_S_S_0${e + 1}" Discipline="Jumping" Code="${code}" StartDate="2026-06-11">`);
    for (let i = 0; i < athletes; i++)
      out.push(
        `<AthleteEntry FEIID="${athlete(i)}" ${flags}>${[0, 1].map((k) => `<HorseEntry FEIID="${horse(i, k)}" ${flags} />`).join('')}</AthleteEntry>`,
      );
    out.push('</Event>');
  });
  const head = out.join('\n');
  const tail = '</ShowEntries></HorseSport>\n';
  // The rest of the allowance: remarks the importer does not read (reported as unknown).
  const room = bytes - Buffer.byteLength(head) - Buffer.byteLength(tail) - '<Remarks></Remarks>'.length - 2;
  if (room < 0) return Buffer.from(`${head}\n${tail}`);
  return Buffer.from(`${head}\n<Remarks>${fill(room, 'no remark ')}</Remarks>\n${tail}`);
}
