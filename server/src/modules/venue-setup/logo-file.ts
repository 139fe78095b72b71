/** The image types a whitelabel logo may have, told by their first bytes, not by the client's word. */
export const LOGO_TYPES = {
  png: 'image/png',
  jpg: 'image/jpeg',
  webp: 'image/webp',
  svg: 'image/svg+xml',
} as const;
export type LogoExtension = keyof typeof LOGO_TYPES;

export const MAX_LOGO_BYTES = 512 * 1024;

const startsWith = (bytes: Buffer, signature: readonly number[], at = 0) =>
  signature.every((b, i) => bytes[at + i] === b);

export function sniffLogo(bytes: Buffer): LogoExtension | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpg';
  if (bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP') return 'webp';
  if (!bytes.includes(0)) {
    const head = bytes.toString('utf8', 0, 4096);
    if (/^\uFEFF?\s*(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*|<!DOCTYPE[^>]*>\s*)*<svg[\s>]/i.test(head)) return 'svg';
  }
  return null;
}

/** `/media/venue-logo/{fileId}-{sha256 first 16}.{ext}`: a new upload gets a new address. */
export const logoUrl = (fileId: number, sha256: string, ext: LogoExtension) =>
  `/media/venue-logo/${fileId}-${sha256.slice(0, 16)}.${ext}`;

const NAME = /^(\d{1,10})-([0-9a-f]{16})\.(png|jpg|webp|svg)$/;

export function parseLogoName(name: string): { fileId: number; shaPrefix: string; ext: LogoExtension } | null {
  const match = NAME.exec(name);
  if (!match) return null;
  return { fileId: Number(match[1]), shaPrefix: match[2]!, ext: match[3] as LogoExtension };
}
