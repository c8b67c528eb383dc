import {
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
  type RefObject,
} from 'react';
import { displayName } from '../../ui/text/format';
import { t } from '../../ui/i18n';
import { usePerch } from '../../store';
import { setNoticeDock } from '../../store/notice-dock';
import { Composer } from '../composer/index';
import { FindBar } from './FindBar';
import { LoadError } from '../../ui/LoadError';
import { useFind } from './slice-find';
import { ConversationWrites } from './OutboxNotices';
import { SnoozeNotices } from './SnoozeNotices';
import { VisitorHistory, VisitorPanel } from '../visitor/index';
import { ColleagueTyping } from '../toolkit/index';
import { ConversationHeader } from './ConversationHeader';
import { Part } from './Part';
import { PendingParts } from './PendingParts';

const TYPING_SHOWN_MS = 6000;

/** Loads earlier messages when the top of the timeline scrolls into view; the button stays for keyboards. */
function OlderParts({ root, conversationKey }: { root: RefObject<HTMLOListElement | null>; conversationKey: string }) {
  const loadOlder = usePerch((s) => s.loadOlder);
  const marker = useRef<HTMLLIElement>(null);
  const loading = useRef(false);
  useEffect(() => {
    const el = marker.current;
    if (!el || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((e) => e.isIntersecting) || loading.current) return;
        loading.current = true;
        void loadOlder().finally(() => {
          loading.current = false;
        });
      },
      { root: root.current, rootMargin: '200px 0px 0px 0px' },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [root, conversationKey, loadOlder]);
  return (
    <li className="older" ref={marker}>
      <button type="button" onClick={() => void loadOlder()}>
        {t('conversation.older')}
      </button>
    </li>
  );
}

export function ConversationPane() {
  const conversation = usePerch((s) => s.conversation);
  const open = usePerch((s) => s.open);
  const row = usePerch((s) => (s.conversation ? s.rows.get(s.conversation.key) : undefined));
  const timeline = useRef<HTMLOListElement>(null);
  const newestPart = conversation?.parts.at(-1)?.id ?? 0;
  const pendingCount = usePerch((s) => s.outbox.length);
  const typing = usePerch((s) => (s.conversation ? s.typing.get(s.conversation.key) : undefined));
  const [, tick] = useState(0);
  // The typing line fades by itself a few seconds after the last signal.
  useEffect(() => {
    if (!typing) return;
    const timer = setTimeout(() => tick((n) => n + 1), TYPING_SHOWN_MS);
    return () => clearTimeout(timer);
  }, [typing]);
  const visitorTyping = typing !== undefined && Date.now() - typing.at < TYPING_SHOWN_MS;
  const parts = conversation?.parts;
  const drawer = useVisitorDrawer(conversation?.key);
  // Find belongs to one conversation: another one starts without it.
  const closeFind = useFind((s) => s.close);
  useEffect(() => closeFind(), [conversation?.key, closeFind]);
  const buttons = useMemo(
    () => new Set((parts ?? []).flatMap((p) => p.actions?.map((a) => a.body.trim()) ?? [])),
    [parts],
  );

  useEffect(() => {
    const el = timeline.current;
    if (el) el.scrollTop = el.scrollHeight;
    // Follows the newest message; loading earlier ones keeps the reader where they are (below).
  }, [newestPart, pendingCount, conversation?.key]);

  // Earlier messages arrive above: keep the distance to the bottom, so what was on screen stays there.
  const fromBottom = useRef(0);
  const oldestPart = conversation?.parts[0]?.id ?? 0;
  useLayoutEffect(() => {
    const el = timeline.current;
    if (el && fromBottom.current > 0) el.scrollTop = el.scrollHeight - fromBottom.current;
  }, [oldestPart]);
  const onScroll = () => {
    const el = timeline.current;
    if (el) fromBottom.current = el.scrollHeight - el.scrollTop;
  };

  if (!conversation)
    return (
      <main className="conversation empty">
        <p className="placeholder">{t('conversation.pick')}</p>
        <p className="muted empty-hint" data-empty-hint>
          {t('conversation.pickHint')}
        </p>
      </main>
    );
  // Nothing to reply to, tag or link: the pane only says the conversation is not there.
  if (conversation.missing && conversation.error)
    return (
      <main className="conversation empty">
        <LoadError message={conversation.error} />
      </main>
    );
  const visitorName = row ? displayName(row) : t('conversation.visitor');
  return (
    <div className="conversation-area">
      <main className="conversation" aria-label={visitorName}>
        <ConversationHeader row={row} visitorToggle={row?.visitorId != null ? drawer.toggle : null} />
        <ConversationWrites accountId={conversation.accountId} conversationId={conversation.id} />
        <SnoozeNotices />
        {conversation.error ? (
          <LoadError message={conversation.error} onRetry={() => void open(conversation.accountId, conversation.id)} />
        ) : null}
        <FindBar timeline={timeline} version={conversation.parts} />
        {/* Focusable, so the messages scroll by keyboard too. */}
        <ol className="timeline" ref={timeline} aria-live="polite" onScroll={onScroll} tabIndex={0}>
          {conversation.loading ? <li className="placeholder">{t('conversation.loading')}</li> : null}
          {conversation.hasOlder && !conversation.loading ? (
            <OlderParts root={timeline} conversationKey={conversation.key} />
          ) : null}
          {conversation.parts.map((part) => (
            <Part key={part.id} part={part} visitorName={visitorName} buttons={buttons} />
          ))}
          <PendingParts
            accountId={conversation.accountId}
            conversationId={conversation.id}
            parts={conversation.parts}
          />
        </ol>
        <div className="notice-dock" ref={setNoticeDock} />
        <div className="typing" aria-live="polite">
          {visitorTyping ? t('conversation.typing', { name: visitorName, text: typing!.body.slice(-60) }) : ''}
          <ColleagueTyping conversationKey={conversation.key} />
        </div>
        <Composer key={conversation.key} accountId={conversation.accountId} conversationId={conversation.id} />
      </main>
      {drawer.panel(
        <VisitorPanel accountId={conversation.accountId} visitorId={row?.visitorId ?? null}>
          {row?.visitorId != null ? (
            <VisitorHistory accountId={conversation.accountId} visitorId={row.visitorId} currentId={conversation.id} />
          ) : null}
        </VisitorPanel>,
      )}
    </div>
  );
}

/**
 * Wide windows show the visitor panel beside the conversation. Narrow ones (under 1,100 px, by CSS)
 * hide it behind a header button that opens it as a drawer: focus goes into the drawer, and Escape
 * or its close button puts focus back on the button.
 */
function useVisitorDrawer(conversationKey: string | undefined) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  useEffect(() => setOpen(false), [conversationKey]);
  useEffect(() => {
    if (!open) return;
    closeButton.current?.focus();
    // A click back in the conversation puts the drawer away (focus stays where the click put it).
    const away = (event: MouseEvent) => {
      const target = event.target as Node;
      if (!closeButton.current?.parentElement?.contains(target) && !button.current?.contains(target)) setOpen(false);
    };
    document.addEventListener('mousedown', away);
    return () => document.removeEventListener('mousedown', away);
  }, [open]);
  const close = () => {
    setOpen(false);
    button.current?.focus();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !open) return;
    event.stopPropagation();
    close();
  };
  const toggle = (
    <button
      type="button"
      ref={button}
      className="drawer-toggle"
      aria-expanded={open}
      aria-controls="visitor-drawer"
      onClick={() => (open ? close() : setOpen(true))}
    >
      {t('visitor.title')}
    </button>
  );
  const panel = (content: ReactNode) => (
    <div id="visitor-drawer" className={open ? 'visitor-drawer open' : 'visitor-drawer'} onKeyDown={onKeyDown}>
      <button
        type="button"
        ref={closeButton}
        className="icon drawer-close"
        aria-label={t('visitor.closeDrawer')}
        onClick={close}
      >
        ×
      </button>
      {content}
    </div>
  );
  return { toggle, panel };
}
