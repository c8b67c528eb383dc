/** The catalog's text about the search across views and the inbox's order, in English. */
export const enSearch = {
  'search.elsewhereLabel': 'Matches in other views',
  'search.noMatchesInView': 'No conversation in {view} matches this search.',
  'search.foundElsewhere': 'Found in other views:',
  'search.alsoElsewhere': 'Also found:',
  'search.inView': '{count} in {view}',
  'search.showMatches.one': 'Show the matching conversation in {view}',
  'search.showMatches.other': 'Show the {count} matching conversations in {view}',
  'sort.label': 'Sort',
  'sort.newest': 'Newest first',
  'sort.oldestWaiting': 'Oldest waiting first',
  'sort.again': 'Sort again',
  'sort.againHint': 'The order holds still while you work through it; this sorts it with what changed since',
  'damage.search': 'Search was rebuilt: older messages will be searchable again as Perch reads them.',
} as const;
