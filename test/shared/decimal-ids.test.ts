import { describe, expect, it } from 'vitest';
import { isId } from '../../src/shared/api/ids';

describe('decimal IDs', () => {
  it('take every unsigned 64-bit value and nothing past it', () => {
    for (const id of ['0', '1', '9223372036854775807', '10000000000000000000', '18446744073709551615'])
      expect(isId(id), id).toBe(true);
    for (const id of ['18446744073709551616', '18446744073709551620', '19000000000000000000', '99999999999999999999'])
      expect(isId(id), id).toBe(false);
    for (const id of ['', '01', '-1', '1.5', '1e3', ' 1', '100000000000000000000']) expect(isId(id), id).toBe(false);
  });

  it('agree with BigInt on 20-digit values near the limit', () => {
    const max = 2n ** 64n - 1n;
    for (let delta = -2000n; delta <= 2000n; delta += 7n) {
      const value = max + delta * 1_000_000_007n;
      expect(isId(value.toString()), value.toString()).toBe(value >= 0n && value <= max);
    }
  });
});
