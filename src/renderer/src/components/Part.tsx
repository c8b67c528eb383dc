import { memo } from 'react';
import type { ConversationPart } from '../../../shared/api/types';
import { formatTime } from '../format';
import { t } from '../i18n';

function senderName(part: ConversationPart, visitorName: string): string {
  if (part.direction === 'u2a') return visitorName;
  return typeof part.from === 'object' && part.from ? part.from.name : '';
}

/** One entry of the timeline. Bodies render as text: markup from the wire never becomes DOM. */
export const Part = memo(function Part({ part, visitorName }: { part: ConversationPart; visitorName: string }) {
  if (part.type === 'assigned' || part.type === 'closed') {
    const admin = typeof part.from === 'object' && part.from ? part.from.name : '';
    const text = part.type === 'closed' ? t('conversation.closedBy', { admin }) : part.assignee ? t('conversation.assigned', { admin: part.assignee.name }) : t('conversation.noAssignee');
    return (
      <li className="part system" data-part-id={part.id}>
        {text}
      </li>
    );
  }
  const kind = part.type === 'note' ? 'note' : part.direction === 'u2a' ? 'visitor' : 'admin';
  const text = part.body.replace(/<br\s*\/?>/gi, '\n').replace(/<\/p>\s*<p>/gi, '\n\n').replace(/<[^>]*>/g, '');
  return (
    <li className={`part ${kind}`} data-part-id={part.id} data-random-id={part.random_id || undefined}>
      <div className="part-head">
        <span className="sender">{senderName(part, visitorName)}</span>
        {kind === 'note' ? <span className="note-label">{t('conversation.note')}</span> : null}
        <time>{formatTime(part.created)}</time>
      </div>
      <div className="bubble">{text}</div>
      {part.actions?.length ? (
        <ul className="quick-replies" aria-label={t('conversation.quickReplies')}>
          {part.actions.map((action, i) => (
            <li key={i}>{action.body}</li>
          ))}
        </ul>
      ) : null}
    </li>
  );
});
