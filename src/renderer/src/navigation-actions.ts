import type { Id } from '../../shared/api/types';
import type { InboxFilterState, ViewId } from './inbox-filters';

export type Screen = 'inbox' | 'visitors' | 'leads' | 'visitor';

/** The part of the store these actions read and write. */
interface NavigationSlice extends InboxFilterState {
  view: ViewId;
  query: string;
  screen: Screen;
  visitor: { id: Id; from: 'visitors' | 'leads' } | null;
}

export interface NavigationActions {
  setView(view: ViewId): void;
  setQuery(query: string): void;
  setScreen(screen: Screen): void;
  showVisitor(id: Id, from: 'visitors' | 'leads'): void;
  setChannel(channel: Id | null): void;
  setUnansweredOnly(on: boolean): void;
  setAnsweredOnly(on: boolean): void;
  setDelayedOnly(on: boolean): void;
  setTagFilter(tag: string | null): void;
}

/** The store's moves between views, screens and filters. */
export function navigationActions(
  set: (state: Partial<NavigationSlice>) => void,
  get: () => NavigationSlice,
): NavigationActions {
  return {
    setView: (view) => set({ view }),
    setQuery: (query) => set({ query }),
    setScreen: (screen) => set({ screen }),
    showVisitor: (id, from) => set({ screen: 'visitor', visitor: { id, from } }),
    setChannel: (channel) => set({ channel, screen: 'inbox' }),
    // Answered and unanswered exclude each other: choosing one clears the other.
    setUnansweredOnly: (on) => set({ unansweredOnly: on, answeredOnly: on ? false : get().answeredOnly }),
    setAnsweredOnly: (on) => set({ answeredOnly: on, unansweredOnly: on ? false : get().unansweredOnly }),
    setDelayedOnly: (on) => set({ delayedOnly: on }),
    setTagFilter: (tag) => set({ tagFilter: tag, screen: 'inbox' }),
  };
}
