import { searchWords } from './inbox-filters';
import { SearchMemory, wordsToAsk } from './search-memory';
import { mainApi } from '../../main-api';

/** What Perch has read of conversations and visitors beyond their rows, for the search. */
export interface SearchSlice extends SearchActions {
  searchMemory: SearchMemory;
  /** Moves when the search memory learns something. */
  searchMemoryVersion: number;
}

/** The part of the store these actions read and write. */
interface SearchStore extends SearchSlice {
  query: string;
}

export interface SearchActions {
  /** Asks main which conversations hold the words of a search in what Perch has read (none: nothing is asked). */
  searchRead(query: string): Promise<void>;
  /** Perch read more: the search typed now is asked again. */
  searchAgain(): void;
}

/** The store's slice of the search beyond the rows. */
export function searchSlice(set: (state: Partial<SearchStore>) => void, get: () => SearchStore): SearchSlice {
  return {
    searchMemory: new SearchMemory(),
    searchMemoryVersion: 0,
    ...searchActions(set, get),
  };
}

function searchActions(set: (state: Partial<SearchStore>) => void, get: () => SearchStore): SearchActions {
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
