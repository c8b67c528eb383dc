/** The catalog's text of states the window shows beside the conversation: a missing one, a stale history, quiet hours, a pending assignment, in English. */
export const enStates = {
  'conversation.missing': 'This conversation no longer exists or is not in this account.',
  'conversation.notRefreshed': 'Could not refresh: the messages are as Perch last read them. {reason}',
  'quiet.until': 'Quiet until {time}',
  'quiet.notifyAnyway': 'Notify anyway',
  'assigning.to': 'Assigning to {name}…',
  'assigning.toYou': 'Assigning to you…',
  'assigning.toColleague': 'Assigning to a colleague…',
  'assigning.none': 'Unassigning…',
};
