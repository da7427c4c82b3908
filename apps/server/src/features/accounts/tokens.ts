// Opaque 256-bit tokens (sessions, e-mail links): only their SHA-256 is ever stored.
import { createHash, randomBytes } from 'node:crypto';

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function newToken(): string {
  return randomBytes(32).toString('base64url');
}
