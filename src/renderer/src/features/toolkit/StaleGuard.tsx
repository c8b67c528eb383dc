import { useEffect, useState } from 'react';
import type { AccountId, ConversationKey } from '../../../../shared/accounts';
import type { Id } from '../../../../shared/api/types';
import { isFromVisitor, previewOf } from '../../../../shared/inbox';
import { cleanUserText } from '../../../../shared/text';
import { useDirectory } from '../directory/index';
import { knownAdmins } from '../directory/selectors';
import { formatClock } from '../../ui/text/format';
import { t } from '../../ui/i18n';
import { usePerch } from '../../store';
import { useToolkit } from './slice';
import { Sheet } from '../../ui/Sheet';

/** A colleague's typing is shown this long after their last signal. */
const COLLEAGUE_TYPING_MS = 8000;

/** The name of an administrator of an account, as its channels and rows know them. */
function useAdminName(accountId: AccountId | undefined, adminId: Id | undefined): string | null {
  const channels = useDirectory((s) => (accountId ? s.channelsByAccount[accountId] : undefined));
  const rows = usePerch((s) => s.rows);
  if (!accountId || !adminId) return null;
  const own = [...rows.values()].filter((r) => r.accountId === accountId);
  return knownAdmins(channels ?? [], own).find((a) => a.id === adminId)?.name ?? null;
}

/** "{name} is typing in this conversation" while realtime says a colleague types there. */
export function ColleagueTyping({ conversationKey }: { conversationKey: ConversationKey | undefined }) {
  const typing = useToolkit((s) => (conversationKey ? s.colleagues.get(conversationKey) : undefined));
  const accountId = usePerch((s) => s.conversation?.accountId);
  const name = useAdminName(accountId, typing?.adminId);
  const [, tick] = useState(0);
  useEffect(() => {
    if (!typing) return;
    const timer = setTimeout(() => tick((n) => n + 1), COLLEAGUE_TYPING_MS);
    return () => clearTimeout(timer);
  }, [typing]);
  if (!typing || Date.now() - typing.at >= COLLEAGUE_TYPING_MS) return null;
  return (
    <p className="colleague-typing" data-colleague-typing>
      {t('guard.typing', { name: name ?? t('guard.colleague') })}
    </p>
  );
}

/**
 * Asked before a reply goes when the conversation has messages the agent has not seen since they
 * began writing it: the messages, and "Review" (the default: the draft stays) or "Send anyway".
 */
export function StaleGuard() {
  const stale = useToolkit((s) => s.stale);
  if (!stale) return null;
  const review = () => stale.answer(false);
  return (
    <Sheet
      className="sheet stale-guard"
      role="alertdialog"
      labelledBy="stale-guard-title"
      describedBy="stale-guard-text"
      onClose={review}
      onEscape={review}
    >
      <h2 id="stale-guard-title">{t('guard.title')}</h2>
      <p id="stale-guard-text">{t('guard.explain')}</p>
      <ol className="stale-messages">
        {stale.parts.map((part) => (
          <li key={part.id} data-part-id={part.id}>
            <span className="stale-author">
              {isFromVisitor(part)
                ? t('guard.fromVisitor')
                : t('guard.fromColleague', {
                    name:
                      (typeof part.from === 'object' && part.from?.name ? cleanUserText(part.from.name) : '') ||
                      t('guard.colleague'),
                  })}
              <time className="muted">{formatClock(part.created)}</time>
            </span>
            <bdi className="stale-text">{cleanUserText(previewOf(part))}</bdi>
          </li>
        ))}
      </ol>
      {stale.more ? <p className="muted">{t('guard.more')}</p> : null}
      <ColleagueTyping conversationKey={stale.key} />
      <div className="stale-buttons">
        <button type="button" className="primary" onClick={review} autoFocus>
          {t('guard.review')}
        </button>
        <button type="button" className="secondary" onClick={() => stale.answer(true)}>
          {t('guard.send')}
        </button>
      </div>
    </Sheet>
  );
}
