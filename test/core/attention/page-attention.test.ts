import { describe, expect, it } from 'vitest';
import type { Attention } from '../../../src/main/core/attention/agent-attention';
import type { ContractHandlers } from '../../../src/main/core/contract/contract-dispatch';
import { PageAttention, type ShownConversation } from '../../../src/main/core/attention/page-attention';

/** A target that keeps what it was told, as the accounts pass it on to every workspace. */
function recorder() {
  const told = { attention: [] as Partial<Attention>[], shown: [] as (ShownConversation | null)[] };
  const target = {
    setAttention: (change: Partial<Attention>) => void told.attention.push(change),
    setShown: (shown: ShownConversation | null) => void told.shown.push(shown),
  };
  return { told, pages: new PageAttention(target), last: () => told.shown.at(-1) };
}

const x = { accountId: 'demo', conversationId: '7' };
const y = { accountId: 'demo', conversationId: '8' };

describe('PageAttention: only the conversation open in a visible, focused page is looked at', () => {
  it('sees nothing before any page is reported, and nothing of a page until it says it is in front', () => {
    const { told, pages, last } = recorder();
    expect(told.attention).toEqual([{ windowFocused: false, windowVisible: false }]);
    expect(last()).toBeNull();
    pages.showing('tab', x);
    expect(last()).toBeNull();
    pages.seen('tab', { visible: true });
    expect(told.attention.at(-1)).toEqual({ windowFocused: false, windowVisible: true });
    expect(last()).toBeNull();
    pages.seen('tab', { focused: true });
    expect(told.attention.at(-1)).toEqual({ windowFocused: true, windowVisible: true });
    expect(last()).toEqual(x);
  });

  it('forgets a page that left, and a page loading anew shows nothing', () => {
    const { pages, last } = recorder();
    pages.seen('tab', { visible: true, focused: true });
    pages.showing('tab', x);
    expect(last()).toEqual(x);
    pages.showing('tab', null);
    expect(last()).toBeNull();
    pages.showing('tab', x);
    pages.left('tab');
    expect(last()).toBeNull();
    // A fresh page opens nothing until it asks.
    pages.seen('fresh', { visible: true, focused: true });
    expect(last()).toBeNull();
  });

  it('follows the page that came in front last, and says only what changed', () => {
    const { told, pages, last } = recorder();
    pages.seen('a', { visible: true, focused: true });
    pages.showing('a', x);
    pages.seen('b', { visible: true, focused: true });
    expect(last()).toBeNull();
    pages.showing('b', y);
    expect(last()).toEqual(y);
    pages.seen('b', { focused: false });
    expect(last()).toEqual(x);
    const before = told.attention.length;
    pages.seen('a', { visible: true, focused: true });
    expect(told.attention.length).toBe(before);
  });

  it('notes what a page opens and leaves through the contract it calls', async () => {
    const { pages, last } = recorder();
    pages.seen('tab', { visible: true, focused: true });
    const handlers: Pick<ContractHandlers, 'conversation:open' | 'conversation:leave'> = {
      'conversation:open': async () => ({}) as never,
      'conversation:leave': async () => null,
    };
    const contract = pages.contractFor('tab', handlers);
    await contract['conversation:open']('demo', '7');
    expect(last()).toEqual(x);
    await contract['conversation:leave']('account-00000000000000a1');
    expect(last()).toEqual(x);
    await contract['conversation:leave']('demo');
    expect(last()).toBeNull();
  });
});
