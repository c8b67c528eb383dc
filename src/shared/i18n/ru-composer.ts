/** The catalog's text of the composer (reply and note, the limit, saved replies), in Russian. */
export const ruComposer = {
  'saved.insert': 'Сохранённые ответы',
  'saved.save': 'Сохранить ответ',
  'saved.remove': 'Убрать из сохранённых',
  'composer.reply': 'Ответ',
  'composer.noteTab': 'Заметка',
  'composer.placeholderReply': 'Напишите ответ… (Ctrl+Enter — отправить)',
  'composer.placeholderNote': 'Внутренняя заметка… (Ctrl+Enter — сохранить)',
  'composer.send': 'Отправить',
  'composer.saveNote': 'Сохранить',
  'composer.sending': 'Отправляем…',
  'composer.failed': 'Не отправлено: {message}',
  'composer.noteBanner': 'Внутренняя заметка. Заметки видит только команда, посетитель — никогда.',
  'composer.count': '{count} / {max}',
  'composer.overLimit.one': 'На {count} символ больше предела: сократите сообщение, чтобы отправить.',
  'composer.overLimit.other': 'На {count} символа больше предела: сократите сообщение, чтобы отправить.',
  'composer.kind': 'Ответ или заметка',
};
