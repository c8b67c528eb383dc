import type { enPolish } from './en-polish';

/** The polish of the new-user trial in Russian: every key of the English part. */
export const ruPolish: Record<keyof typeof enPolish, string> & Record<string, string> = {
  'inbox.draft': 'Черновик',
  'inbox.draftTitle': 'Здесь ждёт неотправленный ответ или заметка',
  'composer.tabWithDraft': '{tab}, есть черновик',
  'inbox.assigneeYou': 'Вы',
  'conversation.assigneeYou': 'Назначен на вас ({name})',
  'conversation.assigneeYouUnnamed': 'Назначен на вас',
  'connect.unlistedPick':
    'Администратора {adminId} нет среди администраторов, которых Perch нашёл в этом приложении. Выберите себя в списке.',
  'tags.didYouMean': 'Может быть, «{tag}»?',
  'tags.useSuggested': 'Добавить «{tag}»',
  'tags.keepNew': 'Добавить «{tag}» как новый тег',
  'help.savedReply': 'Вставить сохранённый ответ 1–9',
  'conversation.pickHint': 'J и K — к следующему и предыдущему диалогу; ? — все горячие клавиши.',
  'accounts.actsAs': 'Вы работаете как {name}.',
  'accounts.actsAsUnnamed': 'Вы работаете как администратор с ID {id}; его имя Perch пока не встречал.',
};
