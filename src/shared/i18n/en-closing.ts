/** The catalog's text about closing a conversation (the question before, the Undo after), in English. */
export const enClosing = {
  'closeConfirm.title': 'Close without sending?',
  'closeConfirm.reply':
    'The reply you wrote has not been sent: the visitor will not get it. Perch cannot reopen a closed conversation; only the visitor’s next message does.',
  'closeConfirm.note':
    'The note you wrote has not been saved. Perch cannot reopen a closed conversation; only the visitor’s next message does.',
  'closeConfirm.both':
    'The reply and the note you wrote have not been sent: the visitor will not get the reply. Perch cannot reopen a closed conversation; only the visitor’s next message does.',
  'closeConfirm.keep': 'Keep open',
  'closeConfirm.close': 'Close anyway',
  'undo.closed': 'Conversation with {name} closed.',
  'undo.closedNoName': 'Conversation closed.',
  'undo.undo': 'Undo',
  'undo.undoClose': 'Undo closing the conversation with {name}',
  'undo.tooLate': 'Too late to undo: the conversation is already closed.',
};
