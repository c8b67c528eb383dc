/** The catalog's text of the composer (reply and note, the limit, saved replies), in English. */
export const enComposer = {
  'saved.insert': 'Saved replies',
  'saved.save': 'Save reply',
  'saved.remove': 'Remove from saved replies',
  'composer.reply': 'Reply',
  'composer.noteTab': 'Note',
  'composer.placeholderReply': 'Write a reply… (Ctrl+Enter to send)',
  'composer.placeholderNote': 'Write an internal note… (Ctrl+Enter to save)',
  'composer.send': 'Send',
  'composer.saveNote': 'Save note',
  'composer.sending': 'Sending…',
  'composer.failed': 'Not sent: {message}',
  'composer.noteBanner': 'Internal note. Only your team sees notes, never the visitor.',
  'composer.count': '{count} / {max}',
  'composer.overLimit.one': '{count} character over the limit: shorten the message to send it.',
  'composer.overLimit.other': '{count} characters over the limit: shorten the message to send it.',
  'composer.kind': 'Reply or note',
};
