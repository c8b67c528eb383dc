import { describe, expect, it } from 'vitest';
import { insertMention, matchingColleagues, mentionAt } from '../../../../src/renderer/src/features/composer/mentions';

describe('a mention in a note', () => {
  it('is an @ at the start or after a space, up to the caret, on one line', () => {
    expect(mentionAt('@', 1)).toEqual({ start: 0, query: '' });
    expect(mentionAt('Ask @Ann', 8)).toEqual({ start: 4, query: 'Ann' });
    expect(mentionAt('Ask @Anna Pe', 12)).toEqual({ start: 4, query: 'Anna Pe' });
    expect(mentionAt('mail me at anna@example.com', 27)).toBeNull();
    expect(mentionAt('@Ann\nthen', 9)).toBeNull();
    expect(mentionAt('@ Ann', 5)).toBeNull();
    expect(mentionAt('no mention', 10)).toBeNull();
    // The caret before the @ is not in it.
    expect(mentionAt('Ask @Ann', 3)).toBeNull();
  });

  it('offers colleagues by the start of their name or of a later word, in any case', () => {
    const people = [{ name: 'Ivan Sokolov' }, { name: 'Anna Petrova' }, { name: 'Pavel Annenkov' }];
    expect(matchingColleagues(people, 'an').map((p) => p.name)).toEqual(['Anna Petrova', 'Pavel Annenkov']);
    expect(matchingColleagues(people, 'SOK').map((p) => p.name)).toEqual(['Ivan Sokolov']);
    expect(matchingColleagues(people, 'anna pe').map((p) => p.name)).toEqual(['Anna Petrova']);
    expect(matchingColleagues(people, '')).toHaveLength(3);
    expect(matchingColleagues(people, 'zz')).toEqual([]);
  });

  it('is replaced by the name and a space, the caret after it', () => {
    expect(insertMention('Ask @An about it', { start: 4, query: 'An' }, 'Anna Petrova')).toEqual({
      text: 'Ask @Anna Petrova about it',
      caret: 18,
    });
    expect(insertMention('@', { start: 0, query: '' }, 'Ivan')).toEqual({ text: '@Ivan ', caret: 6 });
  });
});
