import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { installMatchMedia } from './match-media';

// The login page fetches its sign-in chunk as soon as its field has focus, without waiting for
// it; a test that ends on that page would end mid-import, which Vitest reports as an error once
// the environment is gone. Loaded here first, the page finds it in the module cache.
await import('../features/auth/sign-in');

// The default 1 s wait for findBy queries is too short when the suite shares a busy machine
// (CI runs the browser tests and the API tests on the same two cores).
configure({ asyncUtilTimeout: 5_000 });

beforeEach(() => {
  installMatchMedia();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  localStorage.clear();
  document.documentElement.className = '';
  document.cookie.split(';').forEach((cookie) => {
    const name = cookie.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; max-age=0; path=/`;
  });
});
