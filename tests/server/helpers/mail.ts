import { readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';

export interface ReadMail {
  to: string;
  subject: string;
  text: string;
  links: string[];
}

/** Undoes RFC 2047 encoded words (=?UTF-8?Q?...?= / ?B?) in a header. */
function decodeHeader(value: string): string {
  return value.replace(/=\?utf-8\?([qb])\?([^?]*)\?=\s*/gi, (_m, enc: string, data: string) =>
    enc.toLowerCase() === 'b'
      ? Buffer.from(data, 'base64').toString('utf8')
      : Buffer.from(
          data
            .replace(/_/g, ' ')
            .replace(/=([0-9A-F]{2})/gi, (_h, hex: string) => String.fromCharCode(parseInt(hex, 16))),
          'latin1',
        ).toString('utf8'),
  );
}

function decodeBody(body: string, encoding: string): string {
  if (encoding === 'base64') return Buffer.from(body, 'base64').toString('utf8');
  if (encoding !== 'quoted-printable') return body;
  const binary = body
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(binary, 'latin1').toString('utf8');
}

/** Parses the single-part text messages the server writes to MAIL_DIR. */
export function parseEml(raw: string): ReadMail {
  const split = raw.indexOf('\n\n');
  const head = raw.slice(0, split).replace(/\r?\n[ \t]+/g, ' ');
  const header = (name: string) => new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(head)?.[1]?.trim() ?? '';
  const text = decodeBody(raw.slice(split + 2), header('Content-Transfer-Encoding').toLowerCase());
  return {
    to: header('To'),
    subject: decodeHeader(header('Subject')),
    text,
    links: text.match(/https?:\/\/\S+/g) ?? [],
  };
}

/** Every message written so far, oldest first; removes the files. */
export function takeMails(dir: string): ReadMail[] {
  let files: string[];
  try {
    files = readdirSync(dir)
      .filter((f) => f.endsWith('.eml'))
      .sort();
  } catch {
    return [];
  }
  return files.map((file) => {
    const full = path.join(dir, file);
    const mail = parseEml(readFileSync(full, 'utf8'));
    rmSync(full);
    return mail;
  });
}
