import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  TOKEN_KEY,
  USER_KEY,
  clearSession,
  getSessionSnapshot,
  readTokens,
  readUser,
  sessionEndedElsewhere,
  storeTokens,
  storeUser,
  subscribeToSession,
} from './session';

const tokens = { access: 'a1', refresh: 'r1' };
const user = {
  id: '3',
  email: 'grace@school.test',
  name: 'Grace Hopper',
  role: 'staff' as const,
  status: 'active' as const,
};
const cookieSetter = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie')!;

/** Records every cookie string the code writes, attributes included (document.cookie hides them). */
function recordCookieWrites(): string[] {
  const writes: string[] = [];
  vi.spyOn(document, 'cookie', 'set').mockImplementation((value: string) => {
    writes.push(value);
    cookieSetter.set!.call(document, value);
  });
  return writes;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('session storage', () => {
  it('keeps tokens and user in local storage and in 7-day SameSite=Strict cookies on path /', () => {
    const writes = recordCookieWrites();
    storeTokens(tokens);
    storeUser(user);

    expect(JSON.parse(localStorage.getItem(TOKEN_KEY)!)).toEqual(tokens);
    expect(JSON.parse(localStorage.getItem(USER_KEY)!)).toEqual(user);
    expect(writes).toHaveLength(2);
    for (const write of writes) {
      expect(write).toContain('max-age=604800');
      expect(write).toContain('path=/');
      expect(write).toContain('SameSite=Strict');
    }
    expect(document.cookie).toContain(`${TOKEN_KEY}=${encodeURIComponent(JSON.stringify(tokens))}`);
    expect(document.cookie).toContain(`${USER_KEY}=${encodeURIComponent(JSON.stringify(user))}`);
  });

  it('reads the session back from the cookies when local storage has lost it', () => {
    storeTokens(tokens);
    storeUser(user);
    localStorage.clear();

    expect(readTokens()).toEqual(tokens);
    expect(readUser()).toEqual(user);
  });

  it('clears local storage and expires both cookies', () => {
    storeTokens(tokens);
    storeUser(user);
    const writes = recordCookieWrites();

    clearSession();

    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(localStorage.getItem(USER_KEY)).toBeNull();
    expect(writes.every((write) => write.includes('max-age=0'))).toBe(true);
    expect(document.cookie).toBe('');
    expect(readTokens()).toBeNull();
  });

  it('ignores stored values that are not a session', () => {
    localStorage.setItem(TOKEN_KEY, '{"access": 1}');
    localStorage.setItem(USER_KEY, 'not json');
    expect(readTokens()).toBeNull();
    expect(readUser()).toBeNull();
  });

  it('keeps only the known fields of what it stores', () => {
    storeUser({ ...user, password_hash: 'x' } as typeof user);
    expect(JSON.parse(localStorage.getItem(USER_KEY)!)).toEqual(user);
  });

  it('tells subscribers about changes here and in other tabs, with a stable snapshot between', () => {
    const listener = vi.fn();
    const unsubscribe = subscribeToSession(listener);
    const before = getSessionSnapshot();
    expect(getSessionSnapshot()).toBe(before);

    storeTokens(tokens);
    expect(listener).toHaveBeenCalledTimes(1);
    expect(getSessionSnapshot()).not.toBe(before);
    expect(getSessionSnapshot().tokens).toEqual(tokens);

    window.dispatchEvent(new StorageEvent('storage', { key: TOKEN_KEY }));
    window.dispatchEvent(new StorageEvent('storage', { key: 'theme' }));
    expect(listener).toHaveBeenCalledTimes(2);

    unsubscribe();
    clearSession();
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it("knows another tab's sign-out before any subscriber hears of it, and forgets it on this tab's next change", () => {
    const heard: boolean[] = [];
    const unsubscribe = subscribeToSession(() => heard.push(sessionEndedElsewhere()));
    storeTokens(tokens);
    expect(sessionEndedElsewhere()).toBe(false);

    window.dispatchEvent(new StorageEvent('storage', { key: TOKEN_KEY, newValue: null }));
    expect(heard.at(-1)).toBe(true);
    // Another tab signing in again is no sign-out.
    window.dispatchEvent(new StorageEvent('storage', { key: TOKEN_KEY, newValue: '{}' }));
    expect(heard.at(-1)).toBe(false);
    window.dispatchEvent(new StorageEvent('storage', { key: null, newValue: null }));
    expect(sessionEndedElsewhere()).toBe(true);

    storeTokens(tokens);
    expect(sessionEndedElsewhere()).toBe(false);
    unsubscribe();
  });
});
