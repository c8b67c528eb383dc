import { describe, expect, it } from 'vitest';
import { propSeconds } from '../../src/shared/date-props';

describe('date properties of a visitor', () => {
  it('reads ISO 8601 without a zone as UTC, the simplified date as its midnight, and seconds as they are', () => {
    expect(propSeconds('2015-09-13T13:25:05')).toBe(Date.UTC(2015, 8, 13, 13, 25, 5) / 1000);
    expect(propSeconds('2015-09-13')).toBe(Date.UTC(2015, 8, 13) / 1000);
    expect(propSeconds('2015-09-13T13:25:05+03:00')).toBe(Date.UTC(2015, 8, 13, 10, 25, 5) / 1000);
    expect(propSeconds(1442150705)).toBe(1442150705);
    expect(propSeconds('yesterday')).toBeNull();
    expect(propSeconds('2015-13-45T99:00:00')).toBeNull();
    expect(propSeconds(null)).toBeNull();
  });
});
