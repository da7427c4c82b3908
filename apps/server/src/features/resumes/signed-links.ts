// Short-lived links to private files (resume PDFs and photos). A browser cannot send the bearer token
// with <img src> or a link opened in a new tab, so the API hands out a URL that carries its own proof:
// an HMAC of what it opens and when it stops working, made with the server's signing secret.
import { createHmac, timingSafeEqual } from 'node:crypto';

const MINUTE = 60_000;
/** PDF links work for a few minutes: long enough to open, too short to pass around. */
export const PDF_LINK_TTL_MS = 5 * MINUTE;
/**
 * Photo links end on a 10-minute boundary 10–20 minutes ahead, so the same photo keeps the same
 * URL for ten minutes and the browser's cache can serve it while the board is browsed.
 */
const IMAGE_LINK_WINDOW_MS = 10 * MINUTE;

export function imageLinkExpiry(now: number): number {
  return (Math.floor(now / IMAGE_LINK_WINDOW_MS) + 2) * IMAGE_LINK_WINDOW_MS;
}

function signatureOf(secret: string, subject: string, expires: number): string {
  return createHmac('sha256', secret).update(`${subject}|${expires}`).digest('hex');
}

/** `path?expires=…&sig=…` where the signature covers `subject` (what the link opens) and the expiry. */
export function signLink(secret: string, path: string, subject: string, expires: number): string {
  return `${path}?expires=${expires}&sig=${signatureOf(secret, subject, expires)}`;
}

export type LinkCheck = 'valid' | 'expired' | 'invalid';

export function checkLink(secret: string, subject: string, expires: number, sig: string, now: number): LinkCheck {
  const expected = Buffer.from(signatureOf(secret, subject, expires), 'hex');
  const given = Buffer.from(sig, 'hex');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid';
  return expires > now ? 'valid' : 'expired';
}
