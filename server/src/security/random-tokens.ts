import { createHash, randomBytes } from 'node:crypto';

/** A random URL-safe token for a one-time link; only its SHA-256 is stored. */
export const newLinkToken = () => randomBytes(32).toString('base64url');

export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
