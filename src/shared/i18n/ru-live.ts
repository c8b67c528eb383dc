import type { enLive } from './en-live';

export const ruLive: Record<keyof typeof enLive, string> = {
  'live.live': 'Обновления в реальном времени',
  'live.long-polling': 'Обновления в реальном времени (long polling)',
  'live.polling': 'Проверка каждые несколько секунд',
  'live.off': 'Обновления в реальном времени выключены',
  'live.detail.live': 'Изменения приходят сразу; раз в 30 секунд Perch проверяет и сам.',
  'live.detail.long-polling':
    'Прямое соединение здесь недоступно, поэтому изменения приходят через long polling; раз в 30 секунд Perch проверяет и сам.',
  'live.detail.polling': 'Живого соединения нет: Perch проверяет изменения каждые несколько секунд.',
  'live.detail.off':
    'Обновления в реальном времени выключены в «Аккаунтах»: Perch проверяет изменения каждые несколько секунд.',
  'diagnostics.realtimeTitle': 'Обновления в реальном времени',
  'diagnostics.realtime.connected': '{account}: подключено.',
  'diagnostics.realtime.long-polling': '{account}: подключено через long polling (WebSocket заблокирован).',
  'diagnostics.realtime.connecting': '{account}: подключение…',
  'diagnostics.realtime.disconnected':
    '{account}: соединение потеряно, Perch пробует снова и пока проверяет каждые несколько секунд.',
  'diagnostics.realtime.degraded':
    '{account}: сервер обновлений отвечает не так, как должен; Perch проверяет каждые несколько секунд и попробует подключиться позже.',
  'diagnostics.realtime.unsupported':
    '{account}: недоступно для этого сервера; Perch проверяет каждые несколько секунд.',
  'diagnostics.realtime.signed-out': '{account}: токен отклонён.',
  'diagnostics.copyLog': 'Скопировать журнал',
  'diagnostics.logCopied': 'Скопированы последние строки журнала ({count}). В них нет токена и текста сообщений.',
  'diagnostics.logEmpty': 'Журнал пока пуст.',
  'diagnostics.realtime.off': '{account}: выключено; Perch проверяет каждые несколько секунд.',
  'diagnostics.realtime.switchedOff': '{account}: выключено в «Аккаунтах»; Perch проверяет каждые несколько секунд.',
  'accounts.liveUpdates': 'Обновления в реальном времени',
  'accounts.liveUpdatesOf': 'Обновления в реальном времени для {label}',
  'accounts.liveUpdatesHint': 'Включено: изменения приходят сразу. Выключено: Perch проверяет каждые несколько секунд.',
};
