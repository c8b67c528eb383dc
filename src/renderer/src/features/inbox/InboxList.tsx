import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type MouseEvent } from 'react';
import { useVirtualizer, type Virtualizer } from '@tanstack/react-virtual';
import { useShallow } from 'zustand/react/shallow';
import { conversationKey, type AccountId, type ConversationKey } from '../../../../shared/accounts';
import type { Id } from '../../../../shared/api/types';
import { t, useLocale } from '../../ui/i18n';
import { filtersOf, narrowed, rowMatcher } from './inbox-filters';
import { NEWEST_FIRST, outOfWaitingOrder, sortKeyOf } from './inbox-order';
import { placeIn } from './list-place';
import { usePerch } from '../../store';
import { useReportViewing } from './use-report-viewing';
import { useDrawnRows, useIdleDrawing } from './use-drawn-rows';
import { readDrafted, useDrafted } from '../composer/index';
import { InboxFilters } from './InboxFilters';
import { SearchElsewhere, useMatchesElsewhere } from './SearchElsewhere';
import { BulkBar } from './BulkBar';
import { useBulk } from './slice-bulk';

/** A row's height before it is measured: that of a row on one line of meta (a row is measured once drawn). */
const ROW_ESTIMATE = 77;
const OVERSCAN = 6;

import { Row, useMinuteClock } from './InboxRow';
import { usePendingAssigns } from './pending-assigns';
/** The inbox: the search and filters over the list of conversations. */
export function InboxList() {
  const query = usePerch((s) => s.query);
  const setQuery = usePerch((s) => s.setQuery);
  return (
    <section className="inbox" aria-label={t('inbox.label')}>
      <BulkBar />
      <div className="search">
        <input
          type="search"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          placeholder={t('inbox.search')}
          aria-label={t('inbox.search')}
          data-search
        />
        <InboxFilters />
      </div>
      <InboxRows />
    </section>
  );
}

/**
 * The list: only the rows in view and a few screens around them are in the DOM (measured as
 * drawn), so 10,000 conversations scroll like 20. The rows around are drawn while the page is
 * idle, ahead of the way the list moves, so a frame of fast scrolling mostly just moves the list
 * (use-drawn-rows.ts). Scrolling re-renders this component alone.
 */
function InboxRows() {
  const inbox = usePerch((s) => s.inbox);
  const inboxVersion = usePerch((s) => s.inboxVersion);
  const pendingSizes = usePerch((s) => s.pendingSizes);
  const view = usePerch((s) => s.view);
  const admins = usePerch((s) => s.admins);
  const accounts = usePerch((s) => s.accounts);
  const drafted = useDrafted((s) => s.keys);
  const assigning = usePendingAssigns();
  const loaded = usePerch((s) => s.loaded);
  const selectedId = usePerch((s) => s.conversation?.key ?? null);
  const open = usePerch((s) => s.open);
  const selection = useBulk((s) => s.keys);
  const toggleRow = useBulk((s) => s.toggle);
  const extendTo = useBulk((s) => s.extendTo);
  const keepSelected = useBulk((s) => s.keep);
  // Ctrl/Cmd+click (or a click on the avatar) toggles a row, Shift+click takes the range: a plain click opens.
  const pick = useCallback(
    (event: MouseEvent, accountId: AccountId, id: Id, toggle: boolean) => {
      const key = conversationKey(accountId, id);
      if (toggle || event.ctrlKey || event.metaKey) toggleRow(key);
      else if (event.shiftKey) extendTo(key);
      else void open(accountId, id);
    },
    [open, toggleRow, extendTo],
  );
  const rememberListPlace = usePerch((s) => s.rememberListPlace);
  const query = usePerch((s) => s.query);
  const sort = usePerch((s) => s.settings?.inboxSort ?? 'newest');
  const sortEpoch = usePerch((s) => s.sortEpoch);
  const resort = usePerch((s) => s.resort);
  const recall = usePerch((s) => s.searchMemory.recall);
  // What the search memory learnt matters only while a search is typed.
  const memoryVersion = usePerch((s) => (s.query.trim() ? s.searchMemoryVersion : 0));
  // The filter fields, re-rendering only when one of them changes.
  const filterState = usePerch(
    useShallow((s) => ({
      channel: s.channel,
      channelAccount: s.channelAccount,
      accountFilter: s.accountFilter,
      unansweredOnly: s.unansweredOnly,
      answeredOnly: s.answeredOnly,
      delayedOnly: s.delayedOnly,
      tagFilter: s.tagFilter,
    })),
  );
  useEffect(() => {
    void readDrafted(accounts);
  }, [accounts]);
  const nowSeconds = useMinuteClock();
  const locale = useLocale();
  const viewport = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLDivElement>(null);
  // The first render draws only the rows in view; the rows just outside follow a frame later.
  const [pastFirstFrame, setPastFirstFrame] = useState(false);
  useEffect(() => {
    const frame = requestAnimationFrame(() => setPastFirstFrame(true));
    return () => cancelAnimationFrame(frame);
  }, []);

  // The list on screen is kept by the inbox as rows change; a new view, filter, search or sort filters once.
  const filters = useMemo(() => ({ ...filtersOf(filterState, nowSeconds), recall }), [filterState, nowSeconds, recall]);
  const sortKey = useMemo(
    () => sortKeyOf({ view, admins, query, ...filterState, sortEpoch }),
    [view, admins, query, filterState, sortEpoch],
  );
  const listKey = `${sortKey} ${sort} ${memoryVersion} ${filterState.delayedOnly ? nowSeconds : 0}`;
  const ids = useMemo(
    () =>
      inbox.visible(
        listKey,
        rowMatcher(view, admins, query, filters),
        sort === 'oldest-waiting' ? inbox.frozenOrder(sortKey) : NEWEST_FIRST,
      ),
    [inbox, listKey],
  );
  const elsewhere = useMatchesElsewhere(view, query, filters, memoryVersion);
  // The waiting order holds still while the agent works; once it no longer holds, they may sort again.
  const stale = useMemo(
    () => sort === 'oldest-waiting' && outOfWaitingOrder(ids, inbox.rows),
    [sort, ids, inbox, inboxVersion],
  );
  const drawnRows = useDrawnRows(listKey);
  // Until every row has arrived, the list already has the length of the whole view.
  const expected = pendingSizes && !narrowed(query, filters) ? pendingSizes[view] : 0;
  const count = Math.max(ids.length, expected);

  // Keys follow the rows, so a measured height stays with its row when rows move.
  // A row not yet arrived is keyed by a negative number: no string to build for each of thousands.
  const itemKey = useCallback((index: number) => ids[index] ?? -1 - index, [ids, inboxVersion]);
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => viewport.current,
    // The list is about the window's height: the first render already draws the first screen
    // of rows, instead of a few rows, a measure of the list, and a second render.
    initialRect: { width: 0, height: window.innerHeight },
    estimateSize: () => ROW_ESTIMATE,
    overscan: pastFirstFrame ? OVERSCAN : 0,
    getItemKey: itemKey,
    rangeExtractor: drawnRows.rangeExtractor,
  });
  useIdleDrawing(virtualizer, drawnRows, canvas);
  // The rows in view (without overscan), for main's sweep of what the agent is looking at.
  const range = virtualizer.range;
  useReportViewing(range ? ids.slice(range.startIndex, range.endIndex + 1) : []);

  const { newAbove, toTop } = useAnchoredScroll(virtualizer, ids, inboxVersion, listKey);

  // Where the open conversation stands in the list, kept while it is there: once it has left
  // (assigned away, taken by a colleague), E still goes on to the neighbour it had.
  useEffect(() => {
    const place = selectedId === null ? null : placeIn(ids, selectedId);
    if (place) rememberListPlace(place);
  }, [ids, inboxVersion, selectedId, rememberListPlace]);

  // Rows the list no longer shows leave the selection; Shift+J / Shift+K bring the row they reach into view.
  const cursor = useBulk((s) => s.cursor);
  useEffect(() => keepSelected(ids), [ids, inboxVersion, keepSelected]);
  useEffect(() => {
    const index = cursor === null ? -1 : ids.indexOf(cursor);
    if (index < 0) return;
    virtualizer.scrollToIndex(index, { align: 'auto' });
    // The focus ring follows the range's moving end when the focus is on a row of the list.
    const list = viewport.current;
    if (!list?.contains(document.activeElement)) return;
    const frame = requestAnimationFrame(() =>
      list.querySelector<HTMLElement>(`[data-index="${index}"]`)?.focus({ preventScroll: true }),
    );
    return () => cancelAnimationFrame(frame);
  }, [cursor]);

  // A conversation opened from elsewhere (a notification, a visitor's screen, the palette) is brought into view.
  useEffect(() => {
    if (selectedId === null) return;
    const index = ids.indexOf(selectedId);
    if (index >= 0) virtualizer.scrollToIndex(index, { align: 'auto' });
  }, [selectedId, listKey]);

  if (!loaded && count === 0) return <p className="placeholder">{t('inbox.loading')}</p>;
  return (
    <div className="inbox-rows">
      <SearchElsewhere view={view} elsewhere={elsewhere} empty={count === 0} />
      {newAbove > 0 ? (
        <button type="button" className="new-above" onClick={toTop}>
          {t('inbox.newAbove', { count: newAbove })}
        </button>
      ) : null}
      <div
        className="inbox-scroll"
        ref={viewport}
        role="listbox"
        aria-label={t('inbox.label')}
        aria-multiselectable={selection.size > 0 || undefined}
        aria-busy={pendingSizes !== null}
      >
        {/* With matches in other views, the line above says where instead. */}
        {count === 0 && elsewhere.length === 0 ? (
          <p className="placeholder">
            {query ? t('inbox.noMatches') : view === 'snoozed' ? t('snooze.empty') : t('inbox.empty')}
          </p>
        ) : null}
        <div className="inbox-canvas" ref={canvas} style={{ height: virtualizer.getTotalSize() }}>
          {virtualizer.getVirtualItems().map((item) => {
            const row = inbox.rows.get(ids[item.index]!);
            if (!row)
              return (
                <div
                  key={item.key}
                  className="row row-pending"
                  aria-hidden="true"
                  style={{ transform: `translateY(${item.start}px)` }}
                />
              );
            return (
              <Row
                key={item.key}
                row={row}
                index={item.index}
                setSize={count}
                selected={ids[item.index] === selectedId}
                checked={selection.size ? selection.has(ids[item.index]!) : undefined}
                top={item.start}
                onPick={pick}
                nowSeconds={nowSeconds}
                measure={virtualizer.measureElement}
                locale={locale}
                account={accounts.length > 1 ? accounts.find((a) => a.id === row.accountId) : undefined}
                showWait={sort === 'oldest-waiting'}
                drafted={drafted.has(ids[item.index]!)}
                mine={row.assignee !== null && row.assignee.id === admins.get(row.accountId)}
                assigning={assigning.get(ids[item.index]!)}
              />
            );
          })}
        </div>
      </div>
      {stale ? (
        <button type="button" className="resort" title={t('sort.againHint')} onClick={resort}>
          {t('sort.again')}
        </button>
      ) : null}
    </div>
  );
}

/**
 * Once the agent has scrolled down, rows arriving above stay out of the way: the row in view
 * keeps its place on screen (a click lands where the agent aimed) and a "3 new" button counts
 * what came in above, scrolling to the top when pressed. At the top, new rows simply show.
 */
function useAnchoredScroll(
  virtualizer: Virtualizer<HTMLDivElement, Element>,
  ids: ConversationKey[],
  inboxVersion: number,
  listKey: string,
) {
  const [newAbove, setNewAbove] = useState(0);
  // The first row in view at the last render, and how far the list is scrolled past its top.
  const anchor = useRef<{ id: ConversationKey; index: number; past: number } | null>(null);

  // Another view, filter or search: a new list, nothing new above.
  useLayoutEffect(() => {
    anchor.current = null;
    setNewAbove(0);
  }, [listKey]);

  // The rows changed: put the row in view back where it was.
  useLayoutEffect(() => {
    const held = anchor.current;
    const offset = virtualizer.scrollOffset ?? 0;
    if (!held || offset <= 0) return;
    const index = ids[held.index] === held.id ? held.index : ids.indexOf(held.id);
    if (index <= held.index) return;
    const start = virtualizer.measurementsCache[index]?.start;
    if (start === undefined) return;
    virtualizer.scrollToOffset(start + held.past);
    setNewAbove((n) => n + index - held.index);
  }, [inboxVersion]);

  // The "3 new" bar takes room above the list rather than covering its first row: as it
  // comes, the list scrolls by as much, so the rows stay where they were on screen.
  const shown = newAbove > 0;
  const viewportTop = useRef<number | null>(null);
  useLayoutEffect(() => {
    const element = virtualizer.scrollElement;
    const before = viewportTop.current;
    if (!element || before === null || !shown) return;
    const moved = element.getBoundingClientRect().top - before;
    if (moved !== 0) element.scrollTop += moved;
  }, [shown]);

  // After every render (scrolling included): remember the row in view; at the top, nothing is new any more.
  useLayoutEffect(() => {
    viewportTop.current = virtualizer.scrollElement?.getBoundingClientRect().top ?? null;
    const offset = virtualizer.scrollOffset ?? 0;
    const first = virtualizer.getVirtualItems().find((item) => item.end > offset);
    const id = first ? ids[first.index] : undefined;
    anchor.current = first && id !== undefined ? { id, index: first.index, past: offset - first.start } : null;
    if (offset <= 0 && newAbove > 0) setNewAbove(0);
  });

  const toTop = () => {
    virtualizer.scrollToOffset(0);
    setNewAbove(0);
  };
  return { newAbove, toTop };
}
