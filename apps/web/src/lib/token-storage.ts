// The session token lives in local storage, never in a cookie. Storage can be unavailable
// (private mode, blocked cookies), so every access is guarded and the app degrades to anonymous.
// Beside it, a cookie without the token says only that there is a session (SIGNED_IN_COOKIE), so the
// server knows not to send this browser a page rendered for an anonymous visitor.
import { SIGNED_IN_COOKIE } from '@teacheast/shared';
import { TOKEN_STORAGE_KEY } from '../config/storage-keys';

function markSignedIn(isSignedIn: boolean): void {
  try {
    document.cookie = isSignedIn
      ? `${SIGNED_IN_COOKIE}=1; Path=/; Max-Age=31536000; SameSite=Lax`
      : `${SIGNED_IN_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax`;
  } catch {
    // Cookies blocked: the app still works; a member may see the visitor's page for a moment.
  }
}

export function readToken(): string | null {
  try {
    return window.localStorage.getItem(TOKEN_STORAGE_KEY);
  } catch {
    return null;
  }
}

export function storeToken(token: string): void {
  try {
    window.localStorage.setItem(TOKEN_STORAGE_KEY, token);
  } catch {
    // Without storage the session lasts only until reload; nothing better is possible.
  }
  markSignedIn(true);
}

export function removeToken(): void {
  try {
    window.localStorage.removeItem(TOKEN_STORAGE_KEY);
  } catch {
    // Nothing stored, nothing to remove.
  }
  markSignedIn(false);
}

/** Brings the cookie in line with the token, e.g. after a session ended in another tab. */
export function syncSignedInCookie(): void {
  const hasCookie = document.cookie.split('; ').some((c) => c.startsWith(`${SIGNED_IN_COOKIE}=1`));
  const hasToken = readToken() !== null;
  if (hasCookie !== hasToken) markSignedIn(hasToken);
}
