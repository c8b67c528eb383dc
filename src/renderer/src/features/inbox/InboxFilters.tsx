import { useMemo, useState } from 'react';
import { t } from '../../ui/i18n';
import { tagsOf } from './inbox-filters';
import type { InboxSort } from './inbox-order';
import { usePerch } from '../../store';
import { Select } from '../../ui/Select';

/** Narrowing the current view (unanswered, delayed, one tag) and its order. Channels are chosen in the sidebar. */
export function InboxFilters() {
  const rows = usePerch((s) => s.rows);
  // Listing every tag walks all rows: done only once the agent reaches for the list, not on every inbox event.
  const [listing, setListing] = useState(false);
  // The rows change in place: while the list is open, the inbox's version says when.
  const inboxVersion = usePerch((s) => (listing ? s.inboxVersion : 0));
  const unansweredOnly = usePerch((s) => s.unansweredOnly);
  const answeredOnly = usePerch((s) => s.answeredOnly);
  const setAnsweredOnly = usePerch((s) => s.setAnsweredOnly);
  const delayedOnly = usePerch((s) => s.delayedOnly);
  const tag = usePerch((s) => s.tagFilter);
  const setUnansweredOnly = usePerch((s) => s.setUnansweredOnly);
  const setDelayedOnly = usePerch((s) => s.setDelayedOnly);
  const setTag = usePerch((s) => s.setTagFilter);
  const sort = usePerch((s) => s.settings?.inboxSort ?? 'newest');
  const setSort = usePerch((s) => s.setInboxSort);
  const tags = useMemo(() => (listing ? tagsOf(rows) : []), [listing, rows, inboxVersion]);

  return (
    <div className="filters" role="group" aria-label={t('inbox.filters')}>
      <button
        type="button"
        className="filter-chip"
        aria-pressed={unansweredOnly}
        onClick={() => setUnansweredOnly(!unansweredOnly)}
      >
        {t('inbox.unansweredOnly')}
      </button>
      <button
        type="button"
        className="filter-chip"
        aria-pressed={answeredOnly}
        onClick={() => setAnsweredOnly(!answeredOnly)}
      >
        {t('inbox.answeredOnly')}
      </button>
      <button
        type="button"
        className="filter-chip"
        aria-pressed={delayedOnly}
        onClick={() => setDelayedOnly(!delayedOnly)}
        title={t('inbox.delayedHint')}
      >
        {t('inbox.delayedOnly')}
      </button>
      <Select
        label={t('inbox.tagFilter')}
        value={tag ?? ''}
        onChange={(value) => {
          setTag(value || null);
          setListing(false);
        }}
        className={tag ? 'filter-select active' : 'filter-select'}
        onOpen={() => setListing(true)}
        options={[
          { value: '', label: t('inbox.anyTag') },
          ...(tag && !tags.includes(tag) ? [tag] : []).concat(tags).map((name) => ({ value: name, label: name })),
        ]}
      />
      <Select<InboxSort>
        label={t('sort.label')}
        value={sort}
        onChange={setSort}
        className={sort === 'newest' ? 'filter-select' : 'filter-select active'}
        options={[
          { value: 'newest', label: t('sort.newest') },
          { value: 'oldest-waiting', label: t('sort.oldestWaiting') },
        ]}
      />
    </div>
  );
}
