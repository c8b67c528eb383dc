/** The catalog's text of states the window shows beside the conversation: a missing one, a stale history, quiet hours, a pending assignment, in Russian. */
export const ruStates = {
  'conversation.missing': 'Этого диалога больше нет, или он не в этом аккаунте.',
  'conversation.notRefreshed': 'Не удалось обновить: сообщения такие, какими Perch их прочитал. {reason}',
  'quiet.until': 'Тихие часы до {time}',
  'quiet.notifyAnyway': 'Всё равно уведомлять',
  'assigning.to': 'Назначаем: {name}…',
  'assigning.toYou': 'Назначаем на вас…',
  'assigning.toColleague': 'Назначаем коллеге…',
  'assigning.none': 'Снимаем назначение…',
};
