/** The catalog's text from the new-user trial's polish: drafts, who the agent is, tags, hints, in English. */
export const enPolish = {
  'inbox.draft': 'Draft',
  'inbox.draftTitle': 'An unsent reply or note waits here',
  'composer.tabWithDraft': '{tab}, has a draft',
  'inbox.assigneeYou': 'You',
  'conversation.assigneeYou': 'Assigned to you ({name})',
  'conversation.assigneeYouUnnamed': 'Assigned to you',
  'connect.unlistedPick':
    'Administrator {adminId} is none of the administrators Perch found in this application. Pick yourself from the list.',
  'tags.didYouMean': 'Did you mean “{tag}”?',
  'tags.useSuggested': 'Add “{tag}”',
  'tags.keepNew': 'Add “{tag}” as a new tag',
  'help.savedReply': 'Insert saved reply 1–9',
  'conversation.pickHint': 'J and K move through the conversations; ? shows every shortcut.',
  'accounts.actsAs': 'You act as {name}.',
  'accounts.actsAsUnnamed': 'You act as the administrator with ID {id}; Perch has not seen their name yet.',
} as const;
