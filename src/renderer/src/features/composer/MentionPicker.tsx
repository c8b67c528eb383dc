import { useEffect, useMemo, useState } from 'react';
import type { ChannelSummary } from '../../../../shared/directory';
import type { AccountId } from '../../../../shared/accounts';
import { insertMention, matchingColleagues, mentionAt } from './mentions';
import { t, tn } from '../../ui/i18n';
import { useDirectory } from '../directory/index';
import { knownAdmins } from '../directory/selectors';
import { usePerch } from '../../store';
import { useSuggestionList } from '../../ui/SuggestionList';

const SHOWN = 8;
export const MENTION_ID = 'mention-picker';
const NO_CHANNELS: ChannelSummary[] = [];

/**
 * `@` in a note: the account's administrators (its channels' operators and its rows' assignees),
 * the agent aside; arrows move, Enter or Tab inserts `@Name`, Escape closes. The text field stays
 * the focus, as with the `/` picker. The platform's API takes a note's text only: Perch inserts
 * the name and the list says that no one is notified.
 */
export function useMentionPicker(
  accountId: AccountId,
  on: boolean,
  text: string,
  caret: number,
  onInsert: (next: { text: string; caret: number }) => void,
) {
  const channels = useDirectory((s) => s.channelsByAccount[accountId] ?? NO_CHANNELS);
  const rows = usePerch((s) => s.rows);
  const me = usePerch((s) => s.admins.get(accountId));
  const mention = on ? mentionAt(text, caret) : null;
  const [dismissed, setDismissed] = useState<number | null>(null);
  const asked = mention !== null && dismissed !== mention.start;
  const colleagues = useMemo(
    () =>
      asked
        ? knownAdmins(
            channels,
            [...rows.values()].filter((row) => row.accountId === accountId),
          ).filter((a) => a.id !== me)
        : [],
    [asked, channels, rows, accountId, me],
  );
  const matches = asked ? matchingColleagues(colleagues, mention.query).slice(0, SHOWN) : [];
  // Words after an @ that names no one are just text: the list goes once a space follows them.
  const open = asked && (matches.length > 0 || !mention.query.includes(' '));
  // A new @ elsewhere opens the list again.
  useEffect(() => {
    if (mention === null) setDismissed(null);
  }, [mention === null]);

  const pick = (name: string) => {
    if (!mention) return;
    // The name is in: what follows it is the note, not more of the name.
    setDismissed(mention.start);
    onInsert(insertMention(text, mention, name));
  };
  return useSuggestionList({
    id: MENTION_ID,
    open,
    items: matches,
    itemKey: (admin) => admin.id,
    renderItem: (admin) => <bdi>{admin.name}</bdi>,
    onPick: (admin) => pick(admin.name),
    onDismiss: () => setDismissed(mention!.start),
    label: t('mention.label'),
    status: (
      <>
        {matches.length ? tn('mention.count', matches.length) : t('mention.none')} {t('mention.notNotified')}
      </>
    ),
    className: 'saved-picker mention-picker',
    dataAttribute: 'data-mention-picker',
    resetOn: mention?.query,
    pickWithTab: true,
  });
}
