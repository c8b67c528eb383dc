import type { enAlertSounds } from './en-alert-sounds';

/** Звуки Perch, нарастающие напоминания и кнопки уведомления, по-русски. */
export const ruAlertSounds: Record<keyof typeof enAlertSounds, string> = {
  'alerts.sounds': 'Звуки',
  'alerts.sound.newConversation': 'Новый диалог',
  'alerts.sound.message': 'Сообщение в диалоге',
  'alerts.sound.assigned': 'Назначен мне',
  'alerts.soundName.chime': 'Перезвон',
  'alerts.soundName.pop': 'Щелчок',
  'alerts.soundName.bell': 'Колокольчик',
  'alerts.soundName.knock': 'Стук',
  'alerts.soundName.none': 'Без звука',
  'alerts.preview': 'Прослушать',
  'alerts.previewOf': 'Прослушать звук: {event}',
  'alerts.volume': 'Громкость',
  'alerts.soundsOff': 'Звуки выключены: включите «Со звуком» выше.',
  'alerts.escalation': 'Пока посетитель ждёт ответа',
  'alerts.escalationHint':
    'После уведомления — пока кто-нибудь не ответит, не прочтёт, не закроет или не возьмёт диалог, или пока вы не откроете Perch.',
  'alerts.repeat': 'Повторять звук',
  'alerts.repeatEvery': 'Между звуками',
  'alerts.flash': 'Мигать на панели задач или в Dock',
  'alerts.bringForward': 'Выводить окно на передний план',
  'alerts.off': 'Нет',
  'alerts.after': 'Через {time}',
  'alerts.seconds.one': '{count} секунду',
  'alerts.seconds.other': '{count} секунды',
  'alerts.minutes.one': '{count} минуту',
  'alerts.minutes.other': '{count} минуты',
  'alerts.spanSeconds.one': '{count} секунда',
  'alerts.spanSeconds.other': '{count} секунды',
  'alerts.spanMinutes.one': '{count} минута',
  'alerts.spanMinutes.other': '{count} минуты',
  'alerts.sameAsAll': 'Напоминания как у всех аккаунтов',
  'alerts.for': 'Напоминания для',
  'notification.assignToMe': 'Назначить мне',
  'notification.markRead': 'Прочитано',
  'notification.reply': 'Ответить',
  'notification.snoozeHour': 'Отсрочить на час',
  'notification.send': 'Отправить',
};

/** The Russian plural forms of the durations above (`.few`: 2–4, `.many`: 5–20). */
export const ruAlertSoundsPlurals: Record<string, string> = {
  'alerts.seconds.few': '{count} секунды',
  'alerts.seconds.many': '{count} секунд',
  'alerts.minutes.few': '{count} минуты',
  'alerts.minutes.many': '{count} минут',
  'alerts.spanSeconds.few': '{count} секунды',
  'alerts.spanSeconds.many': '{count} секунд',
  'alerts.spanMinutes.few': '{count} минуты',
  'alerts.spanMinutes.many': '{count} минут',
};
