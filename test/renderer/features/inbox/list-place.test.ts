import { describe, expect, it } from 'vitest';
import { neighbourOf, placeIn } from '../../../../src/renderer/src/features/inbox/list-place';

describe('E goes on to the neighbour the conversation had in the list', () => {
  const list = ['d/1', 'd/2', 'd/3', 'd/4'];

  it('takes the one after it, or before it at the end of the list', () => {
    expect(neighbourOf(list, 'd/2', null)).toBe('d/3');
    expect(neighbourOf(list, 'd/4', null)).toBe('d/3');
    expect(neighbourOf(['d/1'], 'd/1', null)).toBeUndefined();
  });

  it('once it has left the list, takes the neighbour it had there, else what stands at its place', () => {
    const place = placeIn(list, 'd/2');
    expect(place).toEqual({ key: 'd/2', index: 1, before: 'd/1', after: 'd/3' });
    expect(neighbourOf(['d/1', 'd/3', 'd/4'], 'd/2', place)).toBe('d/3');
    // The list moved on meanwhile: the neighbour is found wherever it now stands.
    expect(neighbourOf(['d/9', 'd/1', 'd/4', 'd/3'], 'd/2', place)).toBe('d/3');
    expect(neighbourOf(['d/1', 'd/4'], 'd/2', place)).toBe('d/1');
    expect(neighbourOf(['d/7', 'd/8', 'd/9'], 'd/2', place)).toBe('d/8');
    // A place of another conversation says nothing about this one.
    expect(neighbourOf(['d/1', 'd/3'], 'd/5', place)).toBeUndefined();
  });
});
