import { useSyncExternalStore } from 'react';
import { SESSION_STORAGE_DAYS } from '@um/contract';
import type { Profile, TokenPair } from '@um/contract';

/** The tokens and the user, each under its own key in local storage and a cookie (docs/web.md). */
export const TOKEN_KEY = 'token';
export const USER_KEY = 'user';

export type SessionUser = Profile;

/** How the app names the signed-in user: by name, or by e-mail without one. */
export function displayName(user: Pick<SessionUser, 'name' | 'email'>): string {
  return user.name.trim() || user.email;
}

export interface StoredSession {
  tokens: TokenPair | null;
  user: SessionUser | null;
}

const MAX_AGE_SECONDS = SESSION_STORAGE_DAYS * 24 * 60 * 60;
const CHANGE_EVENT = 'um:session-change';

function readCookie(name: string): string | null {
  for (const part of document.cookie.split(';')) {
    const separator = part.indexOf('=');
    if (separator === -1) continue;
    if (part.slice(0, separator).trim() === name) {
      try {
        return decodeURIComponent(part.slice(separator + 1).trim());
      } catch {
        return null;
      }
    }
  }
  return null;
}

function writeCookie(name: string, value: string | null): void {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  const maxAge = value === null ? 0 : MAX_AGE_SECONDS;
  document.cookie = `${name}=${encodeURIComponent(value ?? '')}; max-age=${maxAge}; path=/; SameSite=Strict${secure}`;
}

/** Local storage first; the cookie keeps the session when a browser has purged storage alone. */
function readRaw(key: string): string | null {
  // Pre-rendered at build time (src/prerender.tsx) there is no browser, and nobody signed in.
  if (typeof localStorage === 'undefined') return null;
  return localStorage.getItem(key) ?? readCookie(key);
}

function hasStrings<K extends string>(
  value: unknown,
  keys: readonly K[],
): value is Record<K, string> {
  return (
    typeof value === 'object' &&
    value !== null &&
    keys.every((key) => typeof (value as Record<string, unknown>)[key] === 'string')
  );
}

/**
 * Checks the stored text by hand rather than with the contract's zod schemas: this module is
 * on every page's first load, and zod would double what the login page downloads.
 */
function parse<K extends string>(raw: string | null, keys: readonly K[]): Record<K, string> | null {
  if (raw === null) return null;
  try {
    const value: unknown = JSON.parse(raw);
    return hasStrings(value, keys) ? value : null;
  } catch {
    return null;
  }
}

export function isTokenPair(value: unknown): value is TokenPair {
  return hasStrings(value, ['access', 'refresh'] as const);
}

/**
 * The profile answer's shape (the contract's profileResponseSchema), checked by hand for the
 * same reason as the stored text: the session check runs on every signed-in page's first load.
 */
export const sessionUserSchema = {
  safeParse(data: unknown): { success: true; data: SessionUser } | { success: false } {
    return hasStrings(data, ['id', 'email', 'name'] as const)
      ? { success: true, data: sessionUserOf(data) }
      : { success: false };
  },
};

/**
 * The user from a profile or from storage. A user stored before roles existed has none: they
 * are staff until the next session check reads their role, which only shows or hides controls;
 * the server decides what they may do.
 */
function sessionUserOf(value: Record<'id' | 'email' | 'name', string>): SessionUser {
  const { role, status } = value as Partial<Record<'role' | 'status', unknown>>;
  return {
    id: value.id,
    email: value.email,
    name: value.name,
    role: role === 'admin' || role === 'viewer' ? role : 'staff',
    status: status === 'deactivated' ? 'deactivated' : 'active',
  };
}

function write(key: string, value: unknown): void {
  const raw = value === null ? null : JSON.stringify(value);
  if (raw === null) localStorage.removeItem(key);
  else localStorage.setItem(key, raw);
  writeCookie(key, raw);
}

function notify(): void {
  window.dispatchEvent(new Event(CHANGE_EVENT));
}

export function readTokens(): TokenPair | null {
  const tokens = parse(readRaw(TOKEN_KEY), ['access', 'refresh'] as const);
  return tokens && { access: tokens.access, refresh: tokens.refresh };
}

export function readUser(): SessionUser | null {
  const user = parse(readRaw(USER_KEY), ['id', 'email', 'name'] as const);
  return user && sessionUserOf(user);
}

/**
 * Whether the last change to this browser's tokens was another tab's sign-out, heard through the
 * storage event. Set in the same listener that re-renders the screens, before it does, so the
 * redirect to the login page knows why it happens whatever order React renders in.
 */
let endedElsewhere = false;

/** Whether the session ended because another tab signed out (docs/web.md). */
export function sessionEndedElsewhere(): boolean {
  return endedElsewhere;
}

export function storeTokens(tokens: TokenPair): void {
  endedElsewhere = false;
  write(TOKEN_KEY, { access: tokens.access, refresh: tokens.refresh });
  notify();
}

export function storeUser(user: SessionUser): void {
  const { id, email, name, role, status } = user;
  write(USER_KEY, { id, email, name, role, status });
  notify();
}

/** Forgets tokens and user in this tab; other tabs hear it through the storage event. */
export function clearSession(): void {
  endedElsewhere = false;
  write(TOKEN_KEY, null);
  write(USER_KEY, null);
  notify();
}

/** No session: what an empty store reads as. */
const noSession: StoredSession = { tokens: null, user: null };
let cachedKey = '\u0000';
let cachedSession = noSession;

/** A stable snapshot for useSyncExternalStore: a new object only when the stored text changes. */
export function getSessionSnapshot(): StoredSession {
  const key = `${readRaw(TOKEN_KEY) ?? ''}\u0000${readRaw(USER_KEY) ?? ''}`;
  if (key !== cachedKey) {
    cachedKey = key;
    cachedSession = { tokens: readTokens(), user: readUser() };
  }
  return cachedSession;
}

export function subscribeToSession(listener: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === TOKEN_KEY) endedElsewhere = event.newValue === null;
    if (event.key === null || event.key === TOKEN_KEY || event.key === USER_KEY) listener();
  };
  window.addEventListener(CHANGE_EVENT, listener);
  window.addEventListener('storage', onStorage);
  return () => {
    window.removeEventListener(CHANGE_EVENT, listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The stored session, re-rendering on changes made here, in other tabs, or by the API client. */
export function useStoredSession(): StoredSession {
  // A pre-rendered page was rendered signed out, and is hydrated only for someone signed out.
  return useSyncExternalStore(subscribeToSession, getSessionSnapshot, () => noSession);
}

const ENDED_KEY = 'um-session-ended';

/** Notes, for this tab's login page, that the session ended because the account was deactivated. */
export function noteDeactivated(): void {
  sessionStorage.setItem(ENDED_KEY, 'deactivated');
}

/** Whether the session ended because the account was deactivated; asking forgets it. */
export function takeDeactivated(): boolean {
  const deactivated = sessionStorage.getItem(ENDED_KEY) === 'deactivated';
  sessionStorage.removeItem(ENDED_KEY);
  return deactivated;
}
