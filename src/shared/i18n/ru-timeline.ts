import type { enTimeline } from './en-timeline';

/** E-mail statuses and the timeline's system events in Russian: every key of the English part. */
export const ruTimeline: Record<keyof typeof enTimeline, string> & Record<string, string> = {
  'visitor.email.subscribed': 'Подписан',
  'visitor.email.awaiting confirmation': 'Ждёт подтверждения',
  'visitor.email.unsubscribed': 'Отписан',
  'visitor.email.bounced': 'Письма не доходят',
  'visitor.email.validation': 'Проверяется',
  'visitor.email.not_valid': 'Адрес недействителен',
  'visitor.email.not_confirmed': 'Не подтверждён',
  'visitor.email.confirmed': 'Подтверждён',
  'visitor.email.spam': 'Отметил наши письма как спам',
  'visitor.email.black_list': 'Заблокирован',
  'visitor.email.unknown': 'Perch не знает этот статус',
  'timeline.tagAdded': '{admin} добавил(а) тег {tag}',
  'timeline.tagDeleted': '{admin} убрал(а) тег {tag}',
  'timeline.channelChanged': 'Диалог перешёл в другой канал',
  'timeline.vote': 'Посетитель оценил диалог',
  'timeline.delayed': 'Посетитель давно ждёт ответа',
  'timeline.reopened': 'Диалог снова открыт',
  'timeline.event': 'В диалоге что-то изменилось',
};
