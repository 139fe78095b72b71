import { gunzipSync, gzipSync } from 'node:zlib';

/*
 * An FEI file as the database keeps it: gzip in base64 behind a marker. An entry export of
 * 30 MB of XML shrinks about tenfold; the embedded database compresses and copies what it stores
 * on the server's event loop, where 30 MB took seconds and 3 MB of base64 takes little. Files
 * stored before are plain XML (they start with `<` or a byte-order mark, never the marker) and
 * are read as they are.
 */

const MARKER = 'gzip-base64:';

export const storedText = (xml: string): string => MARKER + gzipSync(xml).toString('base64');

export const readStoredText = (stored: string): string =>
  stored.startsWith(MARKER) ? gunzipSync(Buffer.from(stored.slice(MARKER.length), 'base64')).toString('utf8') : stored;
