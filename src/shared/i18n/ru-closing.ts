import type { enClosing } from './en-closing';

/** The catalog's text about closing a conversation in Russian: every key of the English part, checked by the type. */
export const ruClosing: Record<keyof typeof enClosing, string> = {
  'closeConfirm.title': 'Закрыть, не отправив?',
  'closeConfirm.reply':
    'Написанный ответ не отправлен: посетитель его не получит. Perch не может снова открыть закрытый диалог — это делает только следующее сообщение посетителя.',
  'closeConfirm.note':
    'Написанная заметка не сохранена. Perch не может снова открыть закрытый диалог — это делает только следующее сообщение посетителя.',
  'closeConfirm.both':
    'Написанные ответ и заметка не отправлены: посетитель не получит ответ. Perch не может снова открыть закрытый диалог — это делает только следующее сообщение посетителя.',
  'closeConfirm.keep': 'Не закрывать',
  'closeConfirm.close': 'Всё равно закрыть',
  // Names are not declined: "с Посетителем 1230" cannot be built from "Посетитель 1230".
  'undo.closed': 'Диалог закрыт: {name}.',
  'undo.closedNoName': 'Диалог закрыт.',
  'undo.undo': 'Отменить',
  'undo.undoClose': 'Отменить закрытие: {name}',
  'undo.tooLate': 'Отменить уже нельзя: диалог закрыт.',
};
