import type { AccountId } from '../../../../shared/accounts';
import type { MessageKey } from '../../../../shared/i18n';
import type { ChannelSummary } from '../../../../shared/directory';
import { knownAdmins } from '../directory/selectors';
import { t, tn } from '../../ui/i18n';
import { tagsOf, VIEWS } from '../inbox/selectors';
import type { LocaleChoice, ThemeChoice } from '../settings/selectors';
import { myAdminId, shownIds, type PerchState } from '../../store';

/** Each running account's channels, as the directory store keeps them. */
export type ChannelsByAccount = Readonly<Record<AccountId, readonly ChannelSummary[]>>;

/** What a family of commands reads to list its members. */
export interface CommandContext {
  state: PerchState;
  channels: ChannelsByAccount;
}

/** One member of a family: its own ID, name and deed. */
export interface FamilyMember {
  id: string;
  title: string;
  run(): void;
}

/** "Assign to …" each other administrator of the open conversation's account: its channels' operators and its rows' assignees. */
export function assignToOthers({ state, channels }: CommandContext): FamilyMember[] {
  const conversation = state.conversation;
  if (!conversation) return [];
  const me = myAdminId(state);
  const row = state.rows.get(conversation.key);
  const ownChannels = channels[conversation.accountId] ?? [];
  const ownRows = [...state.rows.values()].filter((r) => r.accountId === conversation.accountId);
  return knownAdmins(ownChannels, ownRows)
    .filter((a) => a.id !== me && a.id !== row?.assignee?.id)
    .map((admin) => ({
      id: `assign:${admin.id}`,
      title: t('palette.assignTo', { name: admin.name }),
      run: () => void state.assign(admin.id),
    }));
}

/** "Go to" each view of the inbox. */
export function goToViews({ state }: CommandContext): FamilyMember[] {
  return VIEWS.map((view) => ({
    id: `view:${view}`,
    title: t('palette.goTo', { place: t(`views.${view}`) }),
    run: () => state.showView(view),
  }));
}

/** "Go to" the directory's lists. */
export function goToDirectory({ state }: CommandContext): FamilyMember[] {
  const lists: ['visitors' | 'leads', MessageKey][] = [
    ['visitors', 'directory.visitors'],
    ['leads', 'directory.leads'],
  ];
  return lists.map(([screen, key]) => ({
    id: `screen:${screen}`,
    title: t('palette.goTo', { place: t(key) }),
    run: () => state.setScreen(screen),
  }));
}

/** A command per channel of the accounts the inbox shows, named with its account beside others. */
export function channels({ state, channels }: CommandContext): FamilyMember[] {
  const several = state.accounts.length > 1;
  return state.accounts
    .filter((a) => state.accountFilter === null || a.id === state.accountFilter)
    .flatMap((account) =>
      (channels[account.id] ?? []).map((c) => ({
        id: `channel:${account.id}/${c.id}`,
        title: several
          ? t('palette.channelOf', { name: c.name, label: account.label })
          : t('palette.channel', { name: c.name }),
        run: () => state.setChannel(c.id, account.id),
      })),
    );
}

/** The inbox's on/off filters, each switched. */
export function filterToggles({ state }: CommandContext): FamilyMember[] {
  const toggle = (id: string, name: MessageKey, run: () => void) => ({
    id: `filter:${id}`,
    title: t('palette.toggle', { name: t(name) }),
    run,
  });
  return [
    toggle('unanswered', 'inbox.unansweredOnly', () => state.setUnansweredOnly(!state.unansweredOnly)),
    toggle('answered', 'inbox.answeredOnly', () => state.setAnsweredOnly(!state.answeredOnly)),
    toggle('delayed', 'inbox.delayedOnly', () => state.setDelayedOnly(!state.delayedOnly)),
  ];
}

/** The inbox narrowed to a tag of the loaded rows (the first 30). */
export function tags({ state }: CommandContext): FamilyMember[] {
  return tagsOf(state.rows)
    .slice(0, 30)
    .map((tag) => ({ id: `tag:${tag}`, title: t('palette.tag', { tag }), run: () => state.setTagFilter(tag) }));
}

/** Every unread conversation the list shows, read at once (when there is one). */
export function markShownRead({ state }: CommandContext): FamilyMember[] {
  const unread = shownIds(state).filter((key) => (state.rows.get(key)?.unread ?? 0) > 0);
  if (!unread.length) return [];
  return [
    { id: 'read-all', title: tn('palette.markShownRead', unread.length), run: () => void state.markRead(unread) },
  ];
}

/** Each theme and language. */
export function preferences({ state }: CommandContext): FamilyMember[] {
  const themes: [ThemeChoice, MessageKey][] = [
    ['light', 'prefs.light'],
    ['dark', 'prefs.dark'],
    ['system', 'prefs.system'],
  ];
  const locales: [LocaleChoice, string][] = [
    ['en', 'English'],
    ['ru', 'Русский'],
    ['auto', t('prefs.auto')],
  ];
  return [
    ...themes.map(([theme, key]) => ({
      id: `theme:${theme}`,
      title: `${t('prefs.theme')}: ${t(key)}`,
      run: () => void state.updateSettings({ theme }),
    })),
    ...locales.map(([locale, name]) => ({
      id: `locale:${locale}`,
      title: `${t('prefs.language')}: ${name}`,
      run: () => void state.updateSettings({ locale }),
    })),
  ];
}

/** With several accounts: the inbox of all, or of one. */
export function accountFilters({ state }: CommandContext): FamilyMember[] {
  if (state.accounts.length < 2) return [];
  return [
    { id: 'account:all', title: t('accounts.all'), run: () => state.setAccountFilter(null) },
    ...state.accounts.map((a) => ({
      id: `account:${a.id}`,
      title: t('accounts.showOnly', { label: a.label }),
      run: () => state.setAccountFilter(a.id),
    })),
  ];
}
