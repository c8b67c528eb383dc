/** The catalog's text of the Write dialog (Leads, Live visitors), in English. */
export const enWrite = {
  'write.title': 'Write to {name}',
  'write.openConversation': '{name} already has an open conversation: “{preview}”. A new message starts another one.',
  'write.openConversationNoPreview': '{name} already has an open conversation. A new message starts another one.',
  'write.openIt': 'Open that conversation',
  'write.channelChat':
    'It goes by chat: the visitor sees it in the chat on your website, or on their next visit if they are away. It is not sent by e-mail.',
  'write.sendHint': 'Enter makes a new line; Ctrl+Enter (⌘+Enter on a Mac) sends; Esc cancels.',
  'write.cancel': 'Cancel',
  'write.checking': 'Checking for an open conversation…',
};
