import { describe, expect, it } from 'vitest';
import {
  extendedBy,
  extendedTo,
  inListOrder,
  keptIn,
  NO_SELECTION,
  toggled,
} from '../../../../src/renderer/src/features/inbox/selection';

const list = ['a/1', 'a/2', 'b/3', 'a/4', 'b/5'];
const keys = (s: { keys: ReadonlySet<string> }) => inListOrder({ ...NO_SELECTION, keys: s.keys }, list);

describe('the selection of the inbox list', () => {
  it('toggles a row in and out; a Shift+click takes the range from the row last toggled, either way', () => {
    let s = toggled(NO_SELECTION, 'a/2');
    expect(keys(s)).toEqual(['a/2']);
    s = extendedTo(s, 'b/5', list, null);
    expect(keys(s)).toEqual(['a/2', 'b/3', 'a/4', 'b/5']);
    s = toggled(s, 'b/3');
    expect(keys(s)).toEqual(['a/2', 'a/4', 'b/5']);
    // From b/3, toggled last, up to a/1: b/3 is back in, with what lies between.
    s = extendedTo(s, 'a/1', list, null);
    expect(keys(s)).toEqual(list);
    expect(toggled(toggled(NO_SELECTION, 'a/1'), 'a/1').keys.size).toBe(0);
  });

  it('starts a Shift+click range at the open conversation when nothing was toggled', () => {
    expect(keys(extendedTo(NO_SELECTION, 'a/4', list, 'a/2'))).toEqual(['a/2', 'b/3', 'a/4']);
    expect(keys(extendedTo(NO_SELECTION, 'a/4', list, null))).toEqual(['a/4']);
    // A row no longer in the list selects nothing.
    expect(extendedTo(NO_SELECTION, 'z/9', list, 'a/2')).toBe(NO_SELECTION);
  });

  it('Shift+J and Shift+K take the cursor row and the next one down or up, and stop at the ends', () => {
    let s = extendedBy(NO_SELECTION, 1, list, 'a/2');
    expect(keys(s)).toEqual(['a/2', 'b/3']);
    s = extendedBy(s, 1, list, 'a/2');
    expect(keys(s)).toEqual(['a/2', 'b/3', 'a/4']);
    s = extendedBy(extendedBy(s, 1, list, null), 1, list, null);
    expect(keys(s)).toEqual(['a/2', 'b/3', 'a/4', 'b/5']);
    expect(s.cursor).toBe('b/5');
    expect(keys(extendedBy(NO_SELECTION, -1, list, null))).toEqual(['a/1']);
    expect(keys(extendedBy(NO_SELECTION, -1, list, 'b/3'))).toEqual(['a/2', 'b/3']);
    expect(extendedBy(NO_SELECTION, 1, [], null)).toBe(NO_SELECTION);
  });

  it('Shift+K after Shift+J shrinks the range back towards its anchor, then extends it the other way', () => {
    let s = extendedBy(extendedBy(NO_SELECTION, 1, list, 'a/2'), 1, list, 'a/2');
    expect(keys(s)).toEqual(['a/2', 'b/3', 'a/4']);
    expect(s.cursor).toBe('a/4');
    s = extendedBy(s, -1, list, 'a/2');
    expect(keys(s)).toEqual(['a/2', 'b/3']);
    expect(s.cursor).toBe('b/3');
    s = extendedBy(s, -1, list, 'a/2');
    expect(keys(s)).toEqual(['a/2']);
    s = extendedBy(s, -1, list, 'a/2');
    expect(keys(s)).toEqual(['a/1', 'a/2']);
    expect(s.anchor).toBe('a/2');
    // Rows picked before the range stay picked as it shrinks.
    s = extendedBy(toggled(NO_SELECTION, 'b/5'), -1, list, null);
    expect(keys(s)).toEqual(['a/4', 'b/5']);
    expect(keys(extendedBy(s, 1, list, null))).toEqual(['b/5']);
  });

  it('keeps only the rows the list still shows', () => {
    const s = extendedTo(toggled(NO_SELECTION, 'a/1'), 'b/3', list, null);
    expect(keptIn(s, list)).toBe(s);
    const kept = keptIn(s, ['a/2', 'b/3']);
    expect(keys(kept)).toEqual(['a/2', 'b/3']);
    expect(kept.anchor).toBeNull();
    expect(kept.cursor).toBe('b/3');
  });
});
