import type { enPolish } from './en-polish';

/** The polish of the new-user trial in Russian: every key of the English part. */
export const ruPolish: Record<keyof typeof enPolish, string> & Record<string, string> = {
  'inbox.draft': 'Черновик',
  'inbox.draftTitle': 'Здесь ждёт неотправленный ответ или заметка',
  'composer.tabWithDraft': '{tab}, есть черновик',
};
