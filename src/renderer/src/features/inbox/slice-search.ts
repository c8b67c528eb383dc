import { searchWords } from './inbox-filters';
import { wordsToAsk, type SearchMemory } from './search-memory';
import { mainApi } from '../../main-api';

/** The part of the store these actions read and write. */
interface SearchSlice {
  query: string;
  searchMemory: SearchMemory;
  searchMemoryVersion: number;
}

export interface SearchActions {
  /** Asks main which conversations hold the words of a search in what Perch has read (none: nothing is asked). */
  searchRead(query: string): Promise<void>;
  /** Perch read more: the search typed now is asked again. */
  searchAgain(): void;
}

export function searchActions(set: (state: Partial<SearchSlice>) => void, get: () => SearchSlice): SearchActions {
  return {
    async searchRead(query) {
      const bridge = mainApi();
      const words = wordsToAsk(searchWords(query));
      if (!bridge || words.length === 0) return;
      const result = await bridge.invoke('search:text', words);
      // Without an answer the search still finds what the rows show.
      if (result.ok && get().searchMemory.receive(words, result.value))
        set({ searchMemoryVersion: get().searchMemoryVersion + 1 });
    },
    searchAgain() {
      const { query } = get();
      if (query.trim()) void searchActions(set, get).searchRead(query);
    },
  };
}
