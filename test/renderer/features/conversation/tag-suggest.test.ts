import { describe, expect, it } from 'vitest';
import { editDistance, nearMiss } from '../../../../src/renderer/src/features/conversation/tag-suggest';

describe('tag suggestions', () => {
  it('counts edits, a swap of neighbours as one', () => {
    expect(editDistance('refnud', 'refund', 2)).toBe(1);
    expect(editDistance('refun', 'refund', 2)).toBe(1);
    expect(editDistance('rfnud', 'refund', 2)).toBe(2);
    expect(editDistance('delivery', 'vip', 2)).toBe(3);
  });

  it('finds the tag a typed one is a slip of, and none for a tag that exists or is unlike any', () => {
    const known = ['delivery', 'refund', 'vip', 'wholesale'];
    expect(nearMiss('refnud', known)).toBe('refund');
    expect(nearMiss('Refund', known)).toBe('refund');
    expect(nearMiss('vipp', known)).toBe('vip');
    expect(nearMiss('refund', known)).toBeNull();
    expect(nearMiss('warehouse-42', known)).toBeNull();
    // Short words allow one slip only; two letters are never questioned.
    expect(nearMiss('vop', known)).toBe('vip');
    expect(nearMiss('vo', known)).toBeNull();
    expect(nearMiss('rfnd', known)).toBeNull();
  });
});
