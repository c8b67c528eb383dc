import type { Translate } from '../../../shared/i18n';
import type { TrayInput } from '../ports';

/** What the tray icon looks like, most urgent first. */
export type TrayState = 'signed-out' | 'offline' | 'needs-you' | 'unread' | 'idle';

/**
 * What the tray shows, decided here for every host: the Electron adapter (`electron/tray.ts`)
 * only draws it. A new mark or a new line of the tooltip is a field here, filled in by
 * `presentTray` from what `TrayInput` carries, then drawn by the adapter.
 */
export interface TrayView {
  state: TrayState;
  /** The number on the icon (macOS: the title): what needs the agent, else everything unread. */
  count: number;
  tooltip: string;
}

export type { TrayInput };

/** "Needs you": something unassigned or assigned to me is waiting; plain unread is the rest. */
export function trayState({ totals, health }: TrayInput): TrayState {
  if (health === 'signed-out') return 'signed-out';
  if (health === 'offline') return 'offline';
  if (totals.mine + totals.unassigned > 0) return 'needs-you';
  return totals.all > 0 ? 'unread' : 'idle';
}

function tooltipOf({ totals, health }: TrayInput, t: Translate): string {
  if (health === 'signed-out') return t('tray.signedOut');
  if (health === 'offline') return t('tray.offline');
  return t('tray.tooltip', { ...totals });
}

/** The view of `input`; `details` are the tooltip's lines under the counts (freshness, the longest wait). */
export function presentTray(input: TrayInput, t: Translate, details: readonly string[] = []): TrayView {
  const state = trayState(input);
  const { totals } = input;
  const count = state === 'needs-you' ? totals.mine + totals.unassigned : state === 'unread' ? totals.all : 0;
  return { state, count, tooltip: [tooltipOf(input, t), ...details].join('\n') };
}

/** Two views that look the same: the tray is not drawn again. */
export const sameTrayView = (a: TrayView, b: TrayView) =>
  a.state === b.state && a.count === b.count && a.tooltip === b.tooltip;
