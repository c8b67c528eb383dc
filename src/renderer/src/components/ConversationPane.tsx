import { useEffect, useMemo, useRef, useState } from 'react';

const TYPING_SHOWN_MS = 6000;
import { displayName } from '../format';
import { t } from '../i18n';
import { usePerch } from '../store';
import { Composer } from './Composer';
import { ConversationHeader } from './ConversationHeader';
import { Part } from './Part';
import { PendingParts } from './PendingParts';
import { VisitorPanel } from './VisitorPanel';

export function ConversationPane() {
  const conversation = usePerch((s) => s.conversation);
  const row = usePerch((s) => (s.conversation ? s.rows.get(s.conversation.id) : undefined));
  const timeline = useRef<HTMLOListElement>(null);
  const newestPart = conversation?.parts.at(-1)?.id ?? 0;
  const pendingCount = usePerch((s) => s.outbox.length);
  const loadOlder = usePerch((s) => s.loadOlder);
  const typing = usePerch((s) => (s.conversation ? s.typing.get(s.conversation.id) : undefined));
  const [, tick] = useState(0);
  // The typing line fades by itself a few seconds after the last signal.
  useEffect(() => {
    if (!typing) return;
    const timer = setTimeout(() => tick((n) => n + 1), TYPING_SHOWN_MS);
    return () => clearTimeout(timer);
  }, [typing]);
  const visitorTyping = typing !== undefined && Date.now() - typing.at < TYPING_SHOWN_MS;
  const parts = conversation?.parts;
  const buttons = useMemo(() => new Set((parts ?? []).flatMap((p) => p.actions?.map((a) => a.body.trim()) ?? [])), [parts]);

  useEffect(() => {
    const el = timeline.current;
    if (el) el.scrollTop = el.scrollHeight;
    // Follows the newest message; loading earlier ones keeps the reader where they are.
  }, [newestPart, pendingCount, conversation?.id]);

  if (!conversation) return <main className="conversation empty"><p className="placeholder">{t('conversation.pick')}</p></main>;
  const visitorName = row ? displayName(row) : t('conversation.visitor');
  return (
    <div className="conversation-area">
    <main className="conversation" aria-label={visitorName}>
      <ConversationHeader row={row} />
      {conversation.error ? <p className="error" role="alert">{t('errors.generic', { message: conversation.error })}</p> : null}
      <ol className="timeline" ref={timeline} aria-live="polite">
        {conversation.loading ? <li className="placeholder">{t('conversation.loading')}</li> : null}
        {conversation.hasOlder ? (
          <li className="older">
            <button type="button" onClick={() => void loadOlder()}>{t('conversation.older')}</button>
          </li>
        ) : null}
        {conversation.parts.map((part) => (
          <Part key={part.id} part={part} visitorName={visitorName} buttons={buttons} />
        ))}
        <PendingParts conversationId={conversation.id} parts={conversation.parts} />
      </ol>
      <div className="typing" aria-live="polite">{visitorTyping ? t('conversation.typing', { name: visitorName, text: typing!.body.slice(-60) }) : ''}</div>
      <Composer key={conversation.id} />
    </main>
    <VisitorPanel visitorId={row?.visitorId ?? null} />
    </div>
  );
}
