import { describe, expect, it } from 'vitest';
import { accountsSlice } from '../../../src/renderer/src/features/accounts/slice';
import { conversationSlice } from '../../../src/renderer/src/features/conversation/slice';
import { inboxSlice } from '../../../src/renderer/src/features/inbox/slice';
import { searchSlice } from '../../../src/renderer/src/features/inbox/slice-search';
import { settingsSlice } from '../../../src/renderer/src/features/settings/slice';
import { visitorSlice } from '../../../src/renderer/src/features/visitor/slice';
import { connectSlice } from '../../../src/renderer/src/store/connect-slice';
import { overlaySlice } from '../../../src/renderer/src/store/overlay-slice';
import { usePerch } from '../../../src/renderer/src/store';

const unused = () => {
  throw new Error('a slice read or wrote the store while being created');
};

/** Each slice as store/index.ts spreads it, by name. */
const slices: Record<string, object> = {
  accounts: accountsSlice(unused, unused as never),
  inbox: inboxSlice(unused, unused as never),
  search: searchSlice(unused, unused as never),
  conversation: conversationSlice(unused, unused as never),
  settings: settingsSlice(unused, unused as never),
  visitor: visitorSlice(unused as never),
  overlay: overlaySlice(unused, unused as never),
  connect: connectSlice(unused, unused as never),
};

describe('the composed store', () => {
  it('takes every field and action from exactly one slice', () => {
    const owners = new Map<string, string[]>();
    for (const [name, slice] of Object.entries(slices))
      for (const key of Object.keys(slice)) owners.set(key, [...(owners.get(key) ?? []), name]);
    const shared = [...owners].filter(([, names]) => names.length > 1);
    expect(shared, 'a key two slices define: the later one would silently win').toEqual([]);
    expect([...owners.keys()].sort()).toEqual(Object.keys(usePerch.getState()).sort());
  });

  it('starts from the initial values the slices define', () => {
    const state = usePerch.getState();
    expect(state.screen).toBe('inbox');
    expect(state.view).toBe('open');
    expect(state.sheet).toBeNull();
    expect(state.settings).toBeNull();
    expect(state.conversation).toBeNull();
    expect(state.accounts).toEqual([]);
  });
});
