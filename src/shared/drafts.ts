/** What the agent has written in one conversation and not sent yet: the reply and the note apart. */
export interface ConversationDraft {
  reply: string;
  note: string;
}

export const EMPTY_DRAFT: ConversationDraft = { reply: '', note: '' };

/** Longer than any message may be, so text over the limit is kept while the agent trims it. */
export const DRAFT_MAX_CHARS = 100_000;
