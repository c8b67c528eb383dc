import {
  COMMANDS,
  isFamily,
  type CommandEntry,
  type ComposerKeyActions,
  type KeyPress,
  type PerchCommand,
} from './command-table';
import type { PerchState } from '../../store';

export const isTyping = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

/** A sheet the agent opened, shown or still loading its code. */
export const sheetAsked = (state: PerchState) =>
  state.sheet !== null && (state.sheet !== 'connect' || state.accountsState?.welcomed === true);

export type { KeyPress };

/** Whether a key as the table writes it (`j`, `?`, `Mod+k`) is the one pressed. */
function matches(key: string, event: KeyPress): boolean {
  const mod = key.startsWith('Mod+');
  if (event.altKey || (event.ctrlKey || event.metaKey) !== mod) return false;
  return mod ? event.key.toLowerCase() === key.slice(4).toLowerCase() : event.key === key;
}

/**
 * The command a key press runs: one whose keys work where the press happened (`anywhere`
 * commands also in a text field and over a sheet), if it is available now.
 */
export function commandForKey(
  event: KeyPress,
  state: PerchState,
  where: 'workspace' | 'anywhere',
  table: readonly CommandEntry[] = COMMANDS,
): PerchCommand | undefined {
  return table.find(
    (entry): entry is PerchCommand =>
      !isFamily(entry) &&
      entry.perform !== undefined &&
      (entry.keysWork ?? 'workspace') !== 'composer' &&
      (where === 'workspace' || entry.keysWork === 'anywhere') &&
      (entry.keys ?? []).some((key) => matches(key, event)) &&
      (entry.available?.(state) ?? true),
  );
}

/** Whether a key the composer reads (`Mod+Enter`, `Alt+1`) is the one pressed. */
function matchesInComposer(key: string, event: KeyPress): boolean {
  if (key.startsWith('Mod+')) return (event.ctrlKey || event.metaKey) && event.key === key.slice(4);
  if (key.startsWith('Alt+')) return event.altKey && event.key === key.slice(4);
  return event.key === key;
}

/**
 * A key press in the composer's box: the table's composer commands whose keys match run their
 * `inComposer` with what the composer offers. Returns the command that took the key, if one did.
 */
export function composerKey(
  event: KeyPress,
  composer: ComposerKeyActions,
  table: readonly CommandEntry[] = COMMANDS,
): PerchCommand | undefined {
  return table.find(
    (entry): entry is PerchCommand =>
      !isFamily(entry) &&
      entry.keysWork === 'composer' &&
      entry.inComposer !== undefined &&
      (entry.keys ?? []).some((key) => matchesInComposer(key, event)) &&
      entry.inComposer(event, composer),
  );
}

/** The key a composer command of the table is typed with (`/` for the saved replies' picker). */
export function composerKeyOf(id: string, table: readonly CommandEntry[] = COMMANDS): string {
  const entry = table.find((e) => e.id === id);
  const key = entry && !isFamily(entry) && entry.keysWork === 'composer' ? entry.keys?.[0] : undefined;
  if (key === undefined) throw new Error(`No composer key ${id} in the command table`);
  return key;
}
