/** The catalog's text about the search across views, in English. */
export const enSearch = {
  'search.elsewhereLabel': 'Matches in other views',
  'search.noMatchesInView': 'No conversation in {view} matches this search.',
  'search.foundElsewhere': 'Found in other views:',
  'search.alsoElsewhere': 'Also found:',
  'search.inView': '{count} in {view}',
  'search.showMatches.one': 'Show the matching conversation in {view}',
  'search.showMatches.other': 'Show the {count} matching conversations in {view}',
} as const;
