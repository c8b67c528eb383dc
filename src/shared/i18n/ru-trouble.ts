import type { enTrouble } from './en-trouble';

/** An account that cannot sync and writes being retried, in Russian: every key of the English part, and the plural forms English lacks. */
export const ruTrouble: Record<keyof typeof enTrouble, string> & Record<string, string> = {
  'trouble.region': 'Проблемы синхронизации',
  'trouble.offline': '{label} не синхронизируется с {time}: Perch не может связаться с сервером.',
  'trouble.server': '{label} не синхронизируется с {time}: сервер отвечает ошибками.',
  'trouble.nextTry.one': 'Следующая попытка через {count} секунду.',
  'trouble.nextTry.few': 'Следующая попытка через {count} секунды.',
  'trouble.nextTry.many': 'Следующая попытка через {count} секунд.',
  'trouble.nextTry.other': 'Следующая попытка через {count} секунды.',
  'trouble.tryingNow': 'Пробуем сейчас…',
  'trouble.waiting.one': '{count} действие ждёт отправки.',
  'trouble.waiting.few': '{count} действия ждут отправки.',
  'trouble.waiting.many': '{count} действий ждут отправки.',
  'trouble.waiting.other': '{count} действия ждут отправки.',
  'trouble.tryNow': 'Попробовать сейчас',
  'trouble.tryNowFor': 'Попробовать сейчас: {label}',
  'trouble.write.replyFailed': 'Не отправлено, попытка {n}.',
  'trouble.write.noteFailed': 'Не сохранено, попытка {n}.',
  'trouble.write.attemptFailed': 'Попытка {n} не удалась.',
  'trouble.write.retrying': 'Пробуем снова, попытка {n}…',
  'trouble.why.offline': 'Perch не может связаться с сервером.',
  'trouble.why.server': 'Сервер ответил ошибкой.',
  'trouble.write.waitsForReconnect': 'Ждёт, пока аккаунт подключат снова.',
};
