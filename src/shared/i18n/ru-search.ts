import type { enSearch } from './en-search';

/** The search across views and the inbox's order in Russian: every key of the English part, and the plural forms it lacks. */
export const ruSearch: Record<keyof typeof enSearch, string> & Record<string, string> = {
  'search.elsewhereLabel': 'Совпадения в других разделах',
  'search.noMatchesInView': 'В разделе «{view}» ничего не нашлось.',
  'search.foundElsewhere': 'Нашлось в других разделах:',
  'search.alsoElsewhere': 'Нашлось ещё:',
  'search.inView': '{view}: {count}',
  'search.showMatches.one': 'Показать {count} подходящий диалог в разделе «{view}»',
  'search.showMatches.few': 'Показать {count} подходящих диалога в разделе «{view}»',
  'search.showMatches.many': 'Показать {count} подходящих диалогов в разделе «{view}»',
  'search.showMatches.other': 'Показать {count} подходящего диалога в разделе «{view}»',
  'sort.label': 'Порядок',
  'sort.newest': 'Сначала новые',
  'sort.oldestWaiting': 'Дольше всех ждут',
  'sort.again': 'Упорядочить заново',
  'sort.againHint': 'Пока вы работаете со списком, порядок не меняется; кнопка учтёт всё, что изменилось',
  'damage.search': 'Поиск создан заново: старые сообщения снова найдутся, когда Perch их прочтёт.',
};
