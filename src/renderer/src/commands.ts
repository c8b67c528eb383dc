import type { AccountId, ConversationKey } from '../../shared/accounts';
import type { MessageKey } from '../../shared/i18n';
import type { ChannelSummary } from '../../shared/directory';
import { knownAdmins } from './directory-store';
import { useDiagnostics } from './diagnostics-store';
import { displayName } from './format';
import { t, tn } from './i18n';
import { tagsOf, visibleIds } from './inbox-filters';
import type { LocaleChoice, ThemeChoice } from './preferences';
import { VIEWS } from './inbox-filters';
import { myAdminId, shownIds, usePerch, type PerchState } from './store';

/** Each running account's channels, as the directory store keeps them. */
type ChannelsByAccount = Readonly<Record<AccountId, readonly ChannelSummary[]>>;

export interface Command {
  id: string;
  title: string;
  /** Where the command belongs, shown beside it. */
  group: string;
  keys?: string;
  run(): void;
}

const focusLater = (selector: string) =>
  setTimeout(() => (document.querySelector(selector) as HTMLElement | null)?.focus(), 0);
const clickLater = (selector: string) =>
  setTimeout(() => (document.querySelector(selector) as HTMLElement | null)?.click(), 0);

function preferenceCommands(): Command[] {
  const group = t('palette.group.app');
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
  const update = usePerch.getState().updateSettings;
  return [
    ...themes.map(([theme, key]) => ({
      id: `theme:${theme}`,
      group,
      title: `${t('prefs.theme')}: ${t(key)}`,
      run: () => void update({ theme }),
    })),
    ...locales.map(([locale, name]) => ({
      id: `locale:${locale}`,
      group,
      title: `${t('prefs.language')}: ${name}`,
      run: () => void update({ locale }),
    })),
  ];
}

function conversationCommands(state: PerchState, channels: ChannelsByAccount): Command[] {
  const conversation = state.conversation;
  if (!conversation) return [];
  const row = state.rows.get(conversation.key);
  const group = t('palette.group.conversation');
  const me = myAdminId(state);
  const commands: Command[] = [
    {
      id: 'reply',
      group,
      title: t('help.reply'),
      keys: 'R',
      run: () => {
        clickLater('[data-composer-tab="reply"]');
        focusLater('.composer textarea');
      },
    },
    {
      id: 'note',
      group,
      title: t('help.note'),
      keys: 'N',
      run: () => {
        clickLater('[data-composer-tab="note"]');
        focusLater('.composer textarea');
      },
    },
    { id: 'tag', group, title: t('conversation.addTag'), run: () => focusLater('.tags input') },
  ];
  if (row && row.assignee?.id !== me)
    commands.push({
      id: 'assign-me',
      group,
      title: t('conversation.assignToMe'),
      keys: 'A',
      run: () => void state.assign(me),
    });
  // Administrators of the conversation's own account: its channels' operators and its rows' assignees.
  const ownChannels = channels[conversation.accountId] ?? [];
  const ownRows = [...state.rows.values()].filter((r) => r.accountId === conversation.accountId);
  for (const admin of knownAdmins(ownChannels, ownRows).filter((a) => a.id !== me && a.id !== row?.assignee?.id)) {
    commands.push({
      id: `assign:${admin.id}`,
      group,
      title: t('palette.assignTo', { name: admin.name }),
      run: () => void state.assign(admin.id),
    });
  }
  if (row?.assignee)
    commands.push({ id: 'unassign', group, title: t('conversation.unassign'), run: () => void state.assign(null) });
  if (row && !row.closed)
    commands.push({ id: 'close', group, title: t('help.close'), keys: 'E', run: () => void state.closeAndNext() });
  if (row?.closed)
    commands.push({ id: 'reopen', group, title: t('conversation.reopenCommand'), run: () => state.explainReopen() });
  return commands;
}

/** A command per channel of the accounts the inbox shows, named with its account beside others. */
function channelCommands(state: PerchState, channels: ChannelsByAccount, group: string): Command[] {
  const several = state.accounts.length > 1;
  return state.accounts
    .filter((a) => state.accountFilter === null || a.id === state.accountFilter)
    .flatMap((account) =>
      (channels[account.id] ?? []).map((c) => ({
        id: `channel:${account.id}/${c.id}`,
        group,
        title: several
          ? t('palette.channelOf', { name: c.name, label: account.label })
          : t('palette.channel', { name: c.name }),
        run: () => state.setChannel(c.id, account.id),
      })),
    );
}

function inboxCommands(state: PerchState, channels: ChannelsByAccount, shown: ConversationKey[]): Command[] {
  const group = t('palette.group.inbox');
  const go = (patch: Partial<PerchState>) => () => usePerch.setState(patch);
  const commands: Command[] = [
    ...VIEWS.map((view) => ({
      id: `view:${view}`,
      group,
      title: t('palette.goTo', { place: t(`views.${view}`) }),
      run: go({ view, screen: 'inbox' }),
    })),
    {
      id: 'screen:visitors',
      group,
      title: t('palette.goTo', { place: t('directory.visitors') }),
      run: go({ screen: 'visitors' }),
    },
    {
      id: 'screen:leads',
      group,
      title: t('palette.goTo', { place: t('directory.leads') }),
      run: go({ screen: 'leads' }),
    },
    ...channelCommands(state, channels, group),
    {
      id: 'filter:unanswered',
      group,
      title: t('palette.toggle', { name: t('inbox.unansweredOnly') }),
      run: () => state.setUnansweredOnly(!state.unansweredOnly),
    },
    {
      id: 'filter:answered',
      group,
      title: t('palette.toggle', { name: t('inbox.answeredOnly') }),
      run: () => state.setAnsweredOnly(!state.answeredOnly),
    },
    {
      id: 'filter:delayed',
      group,
      title: t('palette.toggle', { name: t('inbox.delayedOnly') }),
      run: () => state.setDelayedOnly(!state.delayedOnly),
    },
    ...tagsOf(state.rows)
      .slice(0, 30)
      .map((tag) => ({
        id: `tag:${tag}`,
        group,
        title: t('palette.tag', { tag }),
        run: () => state.setTagFilter(tag),
      })),
    {
      id: 'filters:clear',
      group,
      title: t('palette.clearFilters'),
      run: go({
        channel: null,
        channelAccount: null,
        unansweredOnly: false,
        answeredOnly: false,
        delayedOnly: false,
        tagFilter: null,
        query: '',
      }),
    },
    { id: 'next', group, title: t('help.next'), keys: 'J', run: () => state.step(1) },
    { id: 'previous', group, title: t('help.previous'), keys: 'K', run: () => state.step(-1) },
    { id: 'search', group, title: t('help.search'), keys: '/', run: () => focusLater('[data-search]') },
  ];
  const unread = shown.filter((key) => (state.rows.get(key)?.unread ?? 0) > 0);
  if (unread.length)
    commands.push({
      id: 'read-all',
      group,
      title: tn('palette.markShownRead', unread.length),
      run: () => void state.markRead(unread),
    });
  return commands;
}

/** Conversations whose visitor, preview, tag or number match what was typed: opened from the palette. */
function conversationMatches(state: PerchState, query: string): Command[] {
  if (query.trim().length < 2) return [];
  const group = t('palette.group.open');
  const several = state.accounts.length > 1;
  // The palette finds what the inbox's search finds: earlier messages and visitors' properties too.
  const filters = { recall: state.searchMemory.recall };
  return visibleIds(state.rows, state.order, 'open', state.admins, query, filters)
    .concat(visibleIds(state.rows, state.order, 'closed', state.admins, query, filters))
    .slice(0, 6)
    .map((key) => {
      const row = state.rows.get(key)!;
      const label = several ? state.accounts.find((a) => a.id === row.accountId)?.label : undefined;
      return {
        id: `open:${key}`,
        group,
        title: `${displayName(row)} — ${row.preview.slice(0, 60)}${label ? ` · ${label}` : ''}`,
        run: () => {
          usePerch.setState({ screen: 'inbox' });
          void state.open(row.accountId, row.id);
        },
      };
    });
}

/** Every command that makes sense now, most specific first. */
export function commandsFor(state: PerchState, channels: ChannelsByAccount, query: string): Command[] {
  const shown = shownIds(state);
  const app = t('palette.group.app');
  const account: Command[] = [
    { id: 'accounts', group: app, title: t('accounts.title'), run: () => state.openSheet('accounts') },
    { id: 'connect', group: app, title: t('accounts.add'), run: () => state.openConnect() },
    ...(state.accounts.length > 1
      ? [
          {
            id: 'account:all',
            title: t('accounts.all'),
            group: t('palette.group.inbox'),
            run: () => state.setAccountFilter(null),
          },
          ...state.accounts.map((a) => ({
            id: `account:${a.id}`,
            group: t('palette.group.inbox'),
            title: t('accounts.showOnly', { label: a.label }),
            run: () => state.setAccountFilter(a.id),
          })),
        ]
      : []),
  ];
  const all = [
    ...conversationCommands(state, channels),
    ...inboxCommands(state, channels, shown),
    { id: 'help', group: app, title: t('help.help'), keys: '?', run: () => state.openSheet('help') },
    { id: 'settings', group: app, title: t('settings.title'), run: () => void state.openSettings() },
    { id: 'diagnostics', group: app, title: t('diagnostics.title'), run: () => void useDiagnostics.getState().show() },
    ...preferenceCommands(),
    ...account,
  ];
  // Commands first: a typed word that names one should not be buried under conversations mentioning it.
  return [...filterCommands(all, query), ...conversationMatches(state, query)];
}

/** Commands whose title (or group) holds every typed word. */
export function filterCommands(commands: Command[], query: string): Command[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (!words.length) return commands;
  return commands.filter((c) => words.every((w) => `${c.title} ${c.group}`.toLowerCase().includes(w)));
}
