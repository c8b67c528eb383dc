import { describe, expect, it } from 'vitest';
import type { ConversationPart } from '../../../../src/shared/api/types';
import { ReadHistory } from '../../../../src/renderer/src/features/conversation/read-history';

const parts = (count: number) =>
  Array.from({ length: count }, (_, n) => ({ id: String(n + 1), body: `m${n + 1}` }) as unknown as ConversationPart);

describe('the read history', () => {
  it('holds the conversations opened last, the newest parts of each, and forgets an account that goes', () => {
    const history = new ReadHistory();
    for (let n = 1; n <= 51; n++) history.keep(`demo/${n}`, { parts: parts(2), hasOlder: false });
    // Fifty at most: the one opened longest ago went first.
    expect(history.get('demo/1')).toBeUndefined();
    expect(history.get('demo/2')?.parts).toHaveLength(2);

    history.keep('other/7', { parts: parts(400), hasOlder: false });
    const held = history.get('other/7')!;
    expect(held.parts).toHaveLength(300);
    expect(held.parts.at(-1)?.id).toBe('400');
    expect(held.hasOlder).toBe(true);

    history.keepAccounts(new Set(['demo']));
    expect(history.get('other/7')).toBeUndefined();
    expect(history.get('demo/51')).toBeDefined();
  });
});
