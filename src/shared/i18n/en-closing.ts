/**
 * The catalog's text about closing a conversation (the question before, the Undo after), and
 * the Undo of the other writes held like a close (an assign away, a tag removed), in English.
 */
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
  'undo.more.one': 'and {count} more',
  'undo.more.other': 'and {count} more',
  'help.undo': 'Undo the last action',
  'undo.undo': 'Undo',
  'undo.undoClose': 'Undo closing the conversation with {name}',
  'undo.tooLate': 'Too late to undo: the conversation is already closed.',
  'undo.tagRemoved': 'Tag “{tag}” removed.',
  'undo.undoAssign': 'Undo assigning the conversation with {name}',
  'undo.undoUnassign': 'Undo unassigning the conversation with {name}',
  'undo.undoTagRemoval': 'Undo removing the tag “{tag}” from the conversation with {name}',
  'undo.tooLateAssign': 'Too late to undo: the assignment has already been sent.',
  'undo.tooLateTag': 'Too late to undo: the tag is already removed.',
  'undo.replySending': 'Sending your reply to {name}…',
  'undo.replySendingNoName': 'Sending your reply…',
  'undo.noteSaving': 'Saving your note after the reply…',
  'undo.undoReply': 'Undo sending the reply to {name}',
  'undo.undoNote': 'Undo saving the note',
  'undo.tooLateReply': 'Too late to undo: the reply has already gone to the visitor.',
  'undo.sendsIn.one': 'Sends in {count} second',
  'undo.sendsIn.other': 'Sends in {count} seconds',
  'settings.replies': 'Replies',
  'settings.undoSend': 'Undo send',
  'settings.undoSendOff': 'Off: send at once',
  'settings.undoSendSeconds.one': '{count} second',
  'settings.undoSendSeconds.other': '{count} seconds',
  'settings.undoSendHint': 'A reply waits this long, with Undo, before it goes to the visitor.',
};
