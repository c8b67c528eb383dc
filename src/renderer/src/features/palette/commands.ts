import { type ChannelsByAccount } from './command-families';
import { COMMAND_GROUPS, COMMANDS, isFamily, keyLabel, type CommandEntry } from './command-table';
import { displayName } from '../../ui/text/format';
import { t } from '../../ui/i18n';
import { visibleIds } from '../inbox/selectors';
import type { PerchState } from '../../store';

/** A line of the command palette. */
export interface Command {
  id: string;
  title: string;
  /** Where the command belongs, shown beside it. */
  group: string;
  keys?: string;
  run(): void;
}

/** The palette's commands from the table: group by group, each available now, families by member. */
export function paletteCommands(
  state: PerchState,
  channels: ChannelsByAccount,
  table: readonly CommandEntry[] = COMMANDS,
): Command[] {
  return COMMAND_GROUPS.flatMap((group) => {
    const groupName = t(`palette.group.${group}`);
    return table
      .filter((entry) => entry.group === group)
      .flatMap((entry): Command[] => {
        if (isFamily(entry))
          return entry.members({ state, channels }).map((member) => ({ ...member, group: groupName }));
        const { perform } = entry;
        if (!perform || entry.inPalette === false || (entry.available && !entry.available(state))) return [];
        const first = entry.keys?.[0];
        return [
          {
            id: entry.id,
            title: t(entry.label),
            group: groupName,
            ...(first ? { keys: keyLabel(first) } : {}),
            run: () => perform(state),
          },
        ];
      });
  });
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
        run: () => void state.openInInbox(row.accountId, row.id),
      };
    });
}

/** Every command that makes sense now, most specific first, then the conversations matching what was typed. */
export function commandsFor(state: PerchState, channels: ChannelsByAccount, query: string): Command[] {
  // Commands first: a typed word that names one should not be buried under conversations mentioning it.
  return [...filterCommands(paletteCommands(state, channels), query), ...conversationMatches(state, query)];
}

/** Commands whose title (or group) holds every typed word. */
export function filterCommands(commands: Command[], query: string): Command[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (!words.length) return commands;
  return commands.filter((c) => words.every((w) => `${c.title} ${c.group}`.toLowerCase().includes(w)));
}
