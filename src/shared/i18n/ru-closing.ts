import type { enClosing } from './en-closing';

/** The catalog's text about closing a conversation in Russian: every key of the English part, checked by the type, and the plural forms English lacks. */
export const ruClosing: Record<keyof typeof enClosing, string> & Record<string, string> = {
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
  'undo.more.one': 'и ещё {count}',
  'undo.more.few': 'и ещё {count}',
  'undo.more.many': 'и ещё {count}',
  'undo.more.other': 'и ещё {count}',
  'help.undo': 'Отменить последнее действие',
  'undo.undo': 'Отменить',
  'undo.undoClose': 'Отменить закрытие: {name}',
  'undo.tooLate': 'Отменить уже нельзя: диалог закрыт.',
  // "Назначен на {name}" would need the accusative of a name Perch cannot decline.
  'undo.tagRemoved': 'Тег «{tag}» удалён.',
  'undo.undoAssign': 'Отменить назначение диалога: {name}',
  'undo.undoUnassign': 'Отменить снятие назначения: {name}',
  'undo.undoTagRemoval': 'Отменить удаление тега «{tag}»: {name}',
  'undo.tooLateAssign': 'Отменить уже нельзя: назначение отправлено.',
  'undo.replySending': 'Ответ отправляется ({name})…',
  'undo.replySendingNoName': 'Ответ отправляется…',
  'undo.noteSaving': 'Заметка сохранится после ответа…',
  'undo.undoReply': 'Отменить отправку ответа ({name})',
  'undo.undoNote': 'Отменить сохранение заметки',
  'undo.tooLateReply': 'Отменить уже нельзя: ответ ушёл посетителю.',
  'undo.sendsIn.one': 'Отправится через {count} секунду',
  'undo.sendsIn.few': 'Отправится через {count} секунды',
  'undo.sendsIn.many': 'Отправится через {count} секунд',
  'undo.sendsIn.other': 'Отправится через {count} секунды',
  'settings.replies': 'Ответы',
  'settings.undoSend': 'Отмена отправки',
  'settings.undoSendOff': 'Выключена: отправлять сразу',
  'settings.undoSendSeconds.one': '{count} секунда',
  'settings.undoSendSeconds.few': '{count} секунды',
  'settings.undoSendSeconds.many': '{count} секунд',
  'settings.undoSendSeconds.other': '{count} секунды',
  'settings.undoSendHint': 'Столько времени ответ ждёт с кнопкой «Отменить», прежде чем уйти посетителю.',
  'undo.tooLateTag': 'Отменить уже нельзя: тег удалён.',
};
