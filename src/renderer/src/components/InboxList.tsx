import { memo, useEffect, useMemo, useRef, useState, type UIEvent } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { Id } from '../../../shared/api/types';
import { isDelayed, type InboxRow } from '../../../shared/inbox';
import { cleanUserText } from '../../../shared/text';
import { displayName, formatDuration, formatTime, initials } from '../format';
import { t } from '../i18n';
import { filtersOf, visibleIds } from '../inbox-filters';
import { usePerch } from '../store';
import { useReportViewing } from '../use-report-viewing';
import { InboxFilters } from './InboxFilters';

const ROW_HEIGHT = 76;
const OVERSCAN = 8;

const Row = memo(function Row({ row, selected, top, onOpen, nowSeconds }: { row: InboxRow; selected: boolean; top: number; onOpen: (id: Id) => void; nowSeconds: number }) {
  const delayed = isDelayed(row, nowSeconds);
  return (
    <button
      type="button"
      role="option"
      aria-selected={selected}
      className={`row${selected ? ' selected' : ''}${row.unread > 0 ? ' unread' : ''}`}
      style={{ transform: `translateY(${top}px)` }}
      onClick={() => onOpen(row.id)}
      data-conversation-id={row.id}
    >
      <span className="avatar" aria-hidden="true">{initials(row.visitorName)}</span>
      <span className="row-main">
        <span className="row-top">
          <span className="name"><bdi>{displayName(row)}</bdi></span>
          <time className="time">{formatTime(row.lastUpdate)}</time>
        </span>
        <span className="preview"><bdi>{cleanUserText(row.preview)}</bdi></span>
        <span className="row-meta">
          {delayed ? <span className="waiting">{t('inbox.waiting', { duration: formatDuration(nowSeconds - row.waitingSince!) })}</span> : null}
          <span className="assignee">{row.assignee ? row.assignee.name : t('inbox.unassigned')}</span>
          {row.tags.map((tag) => (
            <span key={tag} className="tag">{tag}</span>
          ))}
          {row.unread > 0 ? <span className="badge" aria-label={t('inbox.unread', { count: row.unread })} title={t('inbox.unread', { count: row.unread })}>{row.unread}</span> : null}
        </span>
      </span>
    </button>
  );
});

/** The time in seconds, moving once a minute and then only: delays and times stay current without re-rendering on every tick. */
function useMinuteClock(): number {
  const [now, setNow] = useState(() => Math.floor(Date.now() / 1000));
  useEffect(() => {
    const timer = setInterval(() => setNow(Math.floor(Date.now() / 1000)), 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/** The inbox: only the rows in view are in the DOM, so 10,000 conversations scroll like 20. */
export function InboxList() {
  const rows = usePerch((s) => s.rows);
  const order = usePerch((s) => s.order);
  const view = usePerch((s) => s.view);
  const adminId = usePerch((s) => s.account?.adminId ?? null);
  const loaded = usePerch((s) => s.loaded);
  const selectedId = usePerch((s) => s.conversation?.id ?? null);
  const open = usePerch((s) => s.open);
  const query = usePerch((s) => s.query);
  const setQuery = usePerch((s) => s.setQuery);
  // The filter fields, re-rendering only when one of them changes.
  const filterState = usePerch(useShallow((s) => ({ channel: s.channel, unansweredOnly: s.unansweredOnly, answeredOnly: s.answeredOnly, delayedOnly: s.delayedOnly, tagFilter: s.tagFilter })));
  const nowSeconds = useMinuteClock();
  const [scrollTop, setScrollTop] = useState(0);
  const [height, setHeight] = useState(800);
  const viewport = useRef<HTMLDivElement>(null);

  const ids = useMemo(() => visibleIds(rows, order, view, adminId, query, filtersOf(filterState, nowSeconds)), [order, rows, view, adminId, query, filterState, nowSeconds]);

  const onScroll = (event: UIEvent<HTMLDivElement>) => {
    setScrollTop(event.currentTarget.scrollTop);
    setHeight(event.currentTarget.clientHeight);
  };
  const first = Math.max(0, Math.floor(scrollTop / ROW_HEIGHT) - OVERSCAN);
  const last = Math.min(ids.length, Math.ceil((scrollTop + height) / ROW_HEIGHT) + OVERSCAN);
  useReportViewing(ids.slice(Math.floor(scrollTop / ROW_HEIGHT), Math.ceil((scrollTop + height) / ROW_HEIGHT)));

  const search = (
    <div className="search">
      <input type="search" value={query} onChange={(e) => setQuery(e.target.value)} placeholder={t('inbox.search')} aria-label={t('inbox.search')} data-search />
      <InboxFilters />
    </div>
  );
  if (!loaded && ids.length === 0) return <section className="inbox">{search}<p className="placeholder">{t('inbox.loading')}</p></section>;
  return (
    <section className="inbox" aria-label={t('inbox.label')}>
      {search}
      <div className="inbox-scroll" ref={viewport} onScroll={onScroll} role="listbox" aria-label={t('inbox.label')}>
        {ids.length === 0 ? <p className="placeholder">{query ? t('inbox.noMatches') : t('inbox.empty')}</p> : null}
        <div className="inbox-canvas" style={{ height: ids.length * ROW_HEIGHT }}>
          {ids.slice(first, last).map((id, i) => {
            const row = rows.get(id)!;
            return <Row key={id} row={row} selected={id === selectedId} top={(first + i) * ROW_HEIGHT} onOpen={open} nowSeconds={nowSeconds} />;
          })}
        </div>
      </div>
    </section>
  );
}
