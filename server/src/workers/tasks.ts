import { createHash } from 'node:crypto';
import type { RankingRule } from '@shared/sport/ranking';
import { fieldError } from '../app-error';
import { CamtError, parseCamt053 } from '../modules/bank-statements/camt053';
import { decodeFile, parseFeiEntries } from '../modules/fei/fei-entry';
import { readStoredText, storedText } from '../modules/fei/stored-text';
import { readResultsFileNow } from '../modules/results/results-file';
import { rowResult } from '../modules/results/results-rows';
import { planUpload, type StartListEntry } from '../modules/results/results-upload';
import { EXPORT_LISTS, fileRegistrySource } from '../modules/sync/registry-source';
import { receiveBytes, type ByteStream } from './byte-stream';

/*
 * What a parsing thread can do (pool.ts): each task takes plain data and answers plain data
 * (structured clone both ways). Kept to the reading of a file; what needs the database stays on
 * the main thread.
 */

const buffer = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

export const TASKS = {
  /**
   * A results file's rows, each checked by the competition's ranking rule and matched to its
   * start list, answered as the JSON to send (5,000 rows are work too).
   */
  resultsUpload: async ({
    bytes,
    rule,
    startList,
    head,
  }: {
    bytes: Uint8Array;
    rule: RankingRule;
    startList: StartListEntry[];
    head: Parameters<typeof planUpload>[2];
  }) =>
    planUpload(
      (await readResultsFileNow(buffer(bytes))).map((row) => ({ ...row, result: rowResult(rule, row.cells) })),
      startList,
      head,
    ),

  /**
   * An FEI entry file (as sent, or as stored by storedText), with the SHA-256 of its text and
   * the text to store: hashing and compressing 30 MB is no work for the event loop either.
   */
  fei: async ({
    xml,
    masterlist,
    checked,
  }: {
    xml: string | Uint8Array | ByteStream;
    masterlist: boolean;
    checked: boolean;
  }) => {
    // an upload arrives as its bytes (or piece by piece): decoding 30 MB is work for this thread too
    const text =
      typeof xml === 'string'
        ? readStoredText(xml)
        : decodeFile(xml instanceof Uint8Array ? buffer(xml) : await receiveBytes(xml));
    const file = parseFeiEntries(text, { masterlist, checked });
    return checked
      ? { file, sha256: '', stored: '' }
      : { file, sha256: createHash('sha256').update(text).digest('hex'), stored: storedText(text) };
  },

  camt053: (bytes: Uint8Array) => {
    try {
      return parseCamt053(buffer(bytes));
    } catch (err) {
      if (err instanceof CamtError) throw fieldError('file', err.code);
      throw err;
    }
  },

  /**
   * A registry export file, checked; answered as its JSON text (one string crosses between
   * threads in a copy, where a quarter of a million records would be rebuilt one by one on the
   * main thread) with the size of each list.
   */
  registry: async (bytes: Uint8Array) => {
    const data = await fileRegistrySource(buffer(bytes)).fetchExport();
    return {
      json: JSON.stringify(data),
      records: Object.fromEntries(EXPORT_LISTS.map((list) => [list, data[list].length])) as Record<
        (typeof EXPORT_LISTS)[number],
        number
      >,
    };
  },
};

export type TaskName = keyof typeof TASKS;
export type TaskInput<T extends TaskName> = Parameters<(typeof TASKS)[T]>[0];
export type TaskOutput<T extends TaskName> = Awaited<ReturnType<(typeof TASKS)[T]>>;
