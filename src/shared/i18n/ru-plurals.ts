/** Russian plural forms English has no key for (`.few`: 2–4, `.many`: 5–20), chosen by Intl.PluralRules. */
export const ruPluralForms: Record<string, string> = {
  'composer.overLimit.few': 'На {count} символа больше предела: сократите сообщение, чтобы отправить.',
  'composer.overLimit.many': 'На {count} символов больше предела: сократите сообщение, чтобы отправить.',
  'outbox.notDone.few': '{count} действия не выполнены',
  'outbox.notDone.many': '{count} действий не выполнено',
  'inbox.loadedCount.few': 'Загружено {count} диалога…',
  'inbox.loadedCount.many': 'Загружено {count} диалогов…',
  'inbox.unreadConversations.few': '{count} непрочитанных диалога',
  'inbox.unreadConversations.many': '{count} непрочитанных диалогов',
  'directory.notReadCount.few': '{count} непрочитанных',
  'directory.notReadCount.many': '{count} непрочитанных',
  'palette.markShownRead.few': 'Отметить прочитанными {count} показанных диалога',
  'palette.markShownRead.many': 'Отметить прочитанными {count} показанных диалогов',
  'visitor.savedCount.few': 'Сохранено: изменено {count} свойства.',
  'visitor.savedCount.many': 'Сохранено: изменено {count} свойств.',
  'visitor.ignoredCount.few': 'Сервер пропустил {count} изменения:',
  'visitor.ignoredCount.many': 'Сервер пропустил {count} изменений:',
};
