import { describe, expect, it } from 'vitest';
import { thousands } from './counting.js';

describe('thousands', () => {
  it('groups a count by threes with commas, as en-US writes it', () => {
    for (const count of [0, 7, 999, 1_000, 20_000, 65_536, 999_999, 1_000_000, 123_456_789]) {
      expect(thousands(count), String(count)).toBe(count.toLocaleString('en-US'));
    }
  });
});
