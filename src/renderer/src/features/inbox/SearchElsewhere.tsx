import { useMemo } from 'react';
import { formatCount } from '../../../../shared/i18n';
import { getLocale, t, tn } from '../../ui/i18n';
import { VIEWS, type RowFilters, type ViewId } from './inbox-filters';
import { matchesElsewhere, type MatchesElsewhere } from './search-elsewhere';
import { usePerch } from '../../store';

/** Where else the search finds conversations, kept current as rows change and the search memory learns. */
export function useMatchesElsewhere(
  view: ViewId,
  query: string,
  filters: RowFilters,
  memoryVersion: number,
): MatchesElsewhere[] {
  const inbox = usePerch((s) => s.inbox);
  const admins = usePerch((s) => s.admins);
  // The rows change in place: while a search is typed, the inbox's version says when.
  const inboxVersion = usePerch((s) => (query.trim() ? s.inboxVersion : 0));
  return useMemo(
    () => (query.trim() ? matchesElsewhere(inbox.rows.values(), VIEWS, view, admins, query, filters) : []),
    [inbox, inboxVersion, memoryVersion, view, admins, query, filters],
  );
}

/**
 * Where else the search finds conversations: "2 in Closed", each a way to go there with
 * the search kept. With nothing in the current view it says so first, naming the view, so an
 * empty list never reads as "nothing anywhere". Shows nothing while no search is typed.
 */
export function SearchElsewhere({
  view,
  elsewhere,
  empty,
}: {
  view: ViewId;
  elsewhere: MatchesElsewhere[];
  /** The current view shows no conversation for this search. */
  empty: boolean;
}) {
  const setView = usePerch((s) => s.setView);
  if (elsewhere.length === 0) return null;
  return (
    <section className="search-elsewhere" aria-label={t('search.elsewhereLabel')}>
      {empty ? <p className="search-none">{t('search.noMatchesInView', { view: t(`views.${view}`) })}</p> : null}
      <p className="search-where">
        <span>{t(empty ? 'search.foundElsewhere' : 'search.alsoElsewhere')}</span>
        {elsewhere.map(({ view: other, count }) => (
          <button
            key={other}
            type="button"
            className="filter-chip"
            title={tn('search.showMatches', count, { view: t(`views.${other}`) })}
            onClick={() => setView(other)}
          >
            {t('search.inView', { count: formatCount(getLocale(), count), view: t(`views.${other}`) })}
          </button>
        ))}
      </p>
    </section>
  );
}
