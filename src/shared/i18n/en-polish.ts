/** The catalog's text from the new-user trial's polish: drafts, who the agent is, tags, hints, in English. */
export const enPolish = {
  'inbox.draft': 'Draft',
  'inbox.draftTitle': 'An unsent reply or note waits here',
  'composer.tabWithDraft': '{tab}, has a draft',
} as const;
