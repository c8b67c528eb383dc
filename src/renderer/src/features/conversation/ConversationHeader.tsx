import { useLayoutEffect, useMemo, useRef, type ReactNode } from 'react';
import type { ChannelSummary } from '../../../../shared/directory';
import type { AccountRow } from '../../../../shared/ipc/contract';
import { displayName } from '../../ui/text/format';
import { useDirectory } from '../directory/index';
import { knownAdmins } from '../directory/selectors';
import { t } from '../../ui/i18n';
import { assignBeingMade, assigningText, tagsBeingRemoved } from './held-writes';
import { useAdminNames, useAgentName } from '../accounts/index';
import { AccountChip, useAccountShown } from '../accounts/index';
import { usePerch } from '../../store';
import { HeaderOverflow } from './HeaderOverflow';
import { Select } from '../../ui/Select';
import { TagInput } from './TagInput';
import { copyConversationLink } from './slice-deep-link';
import { useToolkit } from '../toolkit/index';

const NO_CHANNELS: ChannelSummary[] = [];

/** `visitorToggle` opens the visitor panel where the window is too narrow to show it beside the conversation. */
export function ConversationHeader({ row, visitorToggle }: { row: AccountRow | undefined; visitorToggle?: ReactNode }) {
  // Everything here goes through the conversation's own account, and "me" is its administrator.
  const accountId = usePerch((s) => s.conversation?.accountId);
  const conversationId = usePerch((s) => s.conversation?.id);
  const adminId = usePerch((s) => (accountId === undefined ? null : (s.admins.get(accountId) ?? null)));
  const account = useAccountShown(accountId);
  const assign = usePerch((s) => s.assign);
  const close = usePerch((s) => s.close);
  const tag = usePerch((s) => s.tag);
  const setSnoozeOpen = useToolkit((s) => s.setSnoozeOpen);
  const channels = useDirectory((s) =>
    accountId === undefined ? NO_CHANNELS : (s.channelsByAccount[accountId] ?? NO_CHANNELS),
  );
  // The rows change in place: the inbox's version says when.
  const rows = usePerch((s) => s.rows);
  const inboxVersion = usePerch((s) => s.inboxVersion);
  const others = useMemo(
    () =>
      knownAdmins(
        channels,
        [...rows.values()].filter((r) => r.accountId === accountId),
      ).filter((a) => a.id !== adminId && a.id !== row?.assignee?.id),
    [channels, rows, inboxVersion, adminId, accountId, row?.assignee?.id],
  );

  // A tag whose removal is queued is shown gone: Undo, or adding it again, brings it back.
  const outbox = usePerch((s) => s.outbox);
  const removing = tagsBeingRemoved(outbox, accountId, row?.id);
  const tags = row?.tags.filter((name) => !removing.has(name)) ?? [];

  const mine = row?.assignee?.id === adminId;
  // An assign queued (held for Undo or on its way) is what the header says, as the Undo notice does.
  const assigning = assignBeingMade(outbox, accountId, row?.id);
  const adminName = useAdminNames();
  const myName = useAgentName(accountId) ?? (mine ? row?.assignee?.name : null);
  // What changes the width of the row of actions: which are shown, and the language of their labels.
  const actionsShown = [
    document.documentElement.lang,
    !mine,
    others.length > 0,
    Boolean(row?.assignee),
    Boolean(row?.closed),
    row?.snoozedUntil !== undefined,
  ].join('|');
  const toolbar = useRef<HTMLDivElement>(null);
  const focusWasHere = useRef(false);
  // An action that hides itself (Assign to me once assigned) takes the focus with it: it goes to
  // the first action left in the row rather than falling to the page.
  useLayoutEffect(() => {
    const lost = document.activeElement === null || document.activeElement === document.body;
    if (!lost || !focusWasHere.current) return;
    const shown = [...(toolbar.current?.querySelectorAll<HTMLElement>('button, [role="combobox"]') ?? [])];
    shown.find((control) => control.offsetParent !== null)?.focus();
  }, [actionsShown]);

  return (
    <header className="conversation-head">
      <div className="head-top">
        <h1 title={row ? displayName(row) : undefined}>
          {row ? <bdi>{displayName(row)}</bdi> : t('conversation.visitor')}
        </h1>
        <AccountChip account={account} />
        <div
          className="head-actions"
          role="toolbar"
          aria-label={t('conversation.actions')}
          ref={toolbar}
          onFocus={() => (focusWasHere.current = true)}
          onBlur={(event) => {
            if (event.relatedTarget && !toolbar.current?.contains(event.relatedTarget as Node))
              focusWasHere.current = false;
          }}
        >
          {/* The most frequent action stays in the row; the rarer ones fold when it is narrow. */}
          {row && !mine ? (
            <button type="button" onClick={() => void assign(adminId)}>
              {t('conversation.assignToMe')}
            </button>
          ) : null}
          <HeaderOverflow measureKey={actionsShown}>
            {(chosen) => (
              <>
                {row && others.length ? (
                  <Select
                    label={t('conversation.assignTo')}
                    placeholder={t('conversation.assignTo')}
                    value=""
                    onChange={(id) => {
                      chosen();
                      if (id) void assign(id);
                    }}
                    options={others.map((a) => ({ value: String(a.id), label: a.name }))}
                  />
                ) : null}
                {row?.assignee ? (
                  <button type="button" onClick={() => void assign(null)}>
                    {t('conversation.unassign')}
                  </button>
                ) : null}
                {accountId !== undefined && conversationId !== undefined ? (
                  <button type="button" onClick={() => void copyConversationLink(accountId, conversationId)}>
                    {t('deepLink.copy')}
                  </button>
                ) : null}
              </>
            )}
          </HeaderOverflow>
          {row && !row.closed && row.snoozedUntil === undefined ? (
            <button type="button" onClick={() => setSnoozeOpen(true)} aria-keyshortcuts="Z" data-snooze-open>
              {t('snooze.button')}
            </button>
          ) : null}
          {row && !row.closed ? (
            <button type="button" onClick={() => void close()}>
              {t('conversation.close')}
            </button>
          ) : null}
          {row?.closed ? <span className="chip">{t('conversation.closedBadge')}</span> : null}
          {visitorToggle}
        </div>
      </div>
      <div className="conversation-meta">
        {row?.channel ? <span>{t('conversation.channel', { name: row.channel.name })}</span> : null}
        <span data-assignee>
          {assigning !== undefined && accountId !== undefined
            ? assigningText(
                assigning,
                assigning === null ? null : adminName(accountId, assigning),
                assigning !== null && assigning === adminId,
              )
            : !row?.assignee
              ? t('conversation.noAssignee')
              : !mine
                ? t('conversation.assignee', { name: row.assignee.name })
                : myName
                  ? t('conversation.assigneeYou', { name: myName })
                  : t('conversation.assigneeYouUnnamed')}
        </span>
      </div>
      {row?.closed ? <p className="closed-hint muted">{t('conversation.closedHint')}</p> : null}
      <div className="tags" aria-label={t('conversation.tags')}>
        {tags.map((name) => (
          <span key={name} className="tag">
            {name}
            <button
              type="button"
              aria-label={t('conversation.removeTag', { tag: name })}
              onClick={() => void tag(name, 'delete')}
            >
              ×
            </button>
          </span>
        ))}
        {/* One field per conversation: half-typed text never follows to another one, where Enter would tag it. */}
        <TagInput
          key={`${accountId}:${conversationId}`}
          accountId={accountId}
          present={tags}
          onAdd={(name) => void tag(name, 'add')}
        />
      </div>
    </header>
  );
}
