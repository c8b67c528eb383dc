import type { ContractHandlers } from '../contract/contract-dispatch';
import type { SearchStore } from './search-store';

/** `search:text` (shared/ipc/channels/search.ts): what Perch has read and the agent sent, over every account. */
export function searchHandlers(search: SearchStore | undefined): Pick<ContractHandlers, 'search:text'> {
  return { 'search:text': async (words) => search?.search(words) ?? { hits: [], truncated: false } };
}
