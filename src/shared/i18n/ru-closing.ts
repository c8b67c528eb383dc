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
  // "Назначен на {name}" would need the accusative of a name Perch cannot decline.
  'undo.assigned': 'Диалог назначен: {name}.',
  'undo.assignedNoName': 'Диалог назначен коллеге.',
  'undo.unassigned': 'Назначение снято.',
  'undo.tagRemoved': 'Тег «{tag}» удалён.',
  'undo.undoAssign': 'Отменить назначение диалога: {name}',
  'undo.undoUnassign': 'Отменить снятие назначения: {name}',
  'undo.undoTagRemoval': 'Отменить удаление тега «{tag}»: {name}',
  'undo.tooLateAssign': 'Отменить уже нельзя: назначение отправлено.',
  'undo.tooLateTag': 'Отменить уже нельзя: тег удалён.',
};
