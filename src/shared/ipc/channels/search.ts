import { z } from 'zod';
import { SEARCH_WORD_MAX_CHARS, SEARCH_WORDS_MAX, type SearchAnswer } from '../../search';
import { returns, type InvokeDeclarations } from './declare';

/** The search of what Perch has read, over every account. */
export const searchInvoke = {
  /**
   * Conversations whose read messages (and the replies and notes the agent sent) hold any of
   * the words, lowercase, most recently read first; each hit says which words it holds.
   */
  'search:text': {
    args: z.tuple([
      z
        .array(
          z
            .string()
            .min(1)
            .max(SEARCH_WORD_MAX_CHARS)
            .refine((w) => w === w.toLowerCase() && !/\s/.test(w), 'a word is lowercase, without spaces'),
        )
        .max(SEARCH_WORDS_MAX),
    ]),
    result: returns<SearchAnswer>(),
  },
} satisfies InvokeDeclarations;
