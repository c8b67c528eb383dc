import type { enWrite } from './en-write';

/** The Write dialog in Russian: every key of the English part, checked by the type. */
export const ruWrite: Record<keyof typeof enWrite, string> = {
  'write.title': 'Написать: {name}',
  'write.openConversation':
    'У посетителя {name} уже есть открытый диалог: «{preview}». Новое сообщение начнёт ещё один.',
  'write.openConversationNoPreview': 'У посетителя {name} уже есть открытый диалог. Новое сообщение начнёт ещё один.',
  'write.openIt': 'Открыть этот диалог',
  'write.channelChat':
    'Сообщение уйдёт в чат: посетитель увидит его в чате на вашем сайте, а если его там нет — при следующем визите. По e-mail оно не отправляется.',
  'write.sendHint': 'Enter — новая строка, Ctrl+Enter (⌘+Enter на Mac) — отправить, Esc — отмена.',
  'write.cancel': 'Отмена',
  'write.checking': 'Проверяем, нет ли открытого диалога…',
};
