import { useEffect, useRef } from 'react';
import { displayName } from '../format';
import { t } from '../i18n';
import { usePerch } from '../store';
import { Composer } from './Composer';
import { ConversationHeader } from './ConversationHeader';
import { Part } from './Part';
import { PendingParts } from './PendingParts';

export function ConversationPane() {
  const conversation = usePerch((s) => s.conversation);
  const row = usePerch((s) => (s.conversation ? s.rows.get(s.conversation.id) : undefined));
  const timeline = useRef<HTMLOListElement>(null);
  const partCount = conversation?.parts.length ?? 0;
  const pendingCount = usePerch((s) => s.outbox.length);

  useEffect(() => {
    const el = timeline.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [partCount, pendingCount, conversation?.id]);

  if (!conversation) return <main className="conversation empty"><p className="placeholder">{t('conversation.pick')}</p></main>;
  const visitorName = row ? displayName(row) : t('conversation.visitor');
  return (
    <main className="conversation" aria-label={visitorName}>
      <ConversationHeader row={row} />
      {conversation.error ? <p className="error" role="alert">{t('errors.generic', { message: conversation.error })}</p> : null}
      <ol className="timeline" ref={timeline} aria-live="polite">
        {conversation.loading ? <li className="placeholder">{t('conversation.loading')}</li> : null}
        {conversation.parts.map((part) => (
          <Part key={part.id} part={part} visitorName={visitorName} />
        ))}
        <PendingParts conversationId={conversation.id} parts={conversation.parts} />
      </ol>
      <Composer key={conversation.id} />
    </main>
  );
}
