// The session token lives in local storage (SPEC §4 "Session"). Storage can be unavailable
// (private mode, blocked cookies), so every access is guarded and the app degrades to anonymous.
import { TOKEN_STORAGE_KEY } from '../config/storage-keys';

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
}

export function removeToken(): void {
  try {
    window.localStorage.removeItem(TOKEN_STORAGE_KEY);
  } catch {
    // Nothing stored, nothing to remove.
  }
}
