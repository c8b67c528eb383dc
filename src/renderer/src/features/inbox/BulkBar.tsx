import { useMemo, type ReactNode } from 'react';
import type { ChannelSummary } from '../../../../shared/directory';
import { SNOOZE_PRESETS, snoozePresetTime, type SnoozePreset } from '../../../../shared/snooze';
import type { AccountRow } from '../../../../shared/ipc/contract';
import { t, tn } from '../../ui/i18n';
import { useBulk } from './slice-bulk';
import { useDirectory } from '../directory/index';
import { knownAdmins } from '../directory/selectors';
import { usePerch } from '../../store';
import { formatSnoozeTime } from '../conversation/selectors';
import { Select } from '../../ui/Select';
import { TagInput } from '../conversation/index';
import { AssignMeIcon, AssignToIcon, ClearIcon, CloseIcon, SnoozeIcon, UnassignIcon, WakeIcon } from './BulkIcons';

const NO_CHANNELS: ChannelSummary[] = [];

/** An action of the bar as an icon: named for screen readers and voice control, and in a tooltip. */
function IconButton({
  label,
  keys,
  className = 'bulk-button',
  onClick,
  children,
}: {
  label: string;
  keys?: string;
  className?: string;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      className={className}
      aria-label={label}
      title={label}
      aria-keyshortcuts={keys}
      onClick={onClick}
    >
      {children}
    </button>
  );
}

/** "3 selected" over the inbox list, with what can be done to all of them at once; Esc or Clear lets go. */
export function BulkBar() {
  const count = useBulk((s) => s.keys.size);
  return count ? <BulkActions count={count} /> : null;
}

function BulkActions({ count }: { count: number }) {
  const keys = useBulk((s) => s.keys);
  const run = useBulk((s) => s.run);
  const clear = useBulk((s) => s.clear);
  const rows = usePerch((s) => s.rows);
  const inboxVersion = usePerch((s) => s.inboxVersion);
  const admins = usePerch((s) => s.admins);
  const selected = useMemo(
    () => [...keys].map((key) => rows.get(key)).filter((row): row is AccountRow => row !== undefined),
    [keys, rows, inboxVersion],
  );
  const accounts = new Set(selected.map((row) => row.accountId));
  // Colleagues are of one account: assigning to one is offered when every selected row is of it.
  const oneAccount = accounts.size === 1 ? [...accounts][0] : undefined;
  const channels = useDirectory((s) =>
    oneAccount === undefined ? NO_CHANNELS : (s.channelsByAccount[oneAccount] ?? NO_CHANNELS),
  );
  const colleagues = useMemo(
    () =>
      oneAccount === undefined
        ? []
        : knownAdmins(
            channels,
            [...rows.values()].filter((row) => row.accountId === oneAccount),
          ).filter((a) => a.id !== admins.get(oneAccount)),
    [oneAccount, channels, rows, inboxVersion, admins],
  );
  const anyOpen = selected.some((row) => !row.closed);
  const anySnoozed = selected.some((row) => row.snoozedUntil !== undefined);
  const now = new Date();
  return (
    <div className="bulk-bar" role="toolbar" aria-label={t('bulk.toolbar')} data-bulk-bar>
      <span className="bulk-count" aria-live="polite">
        {tn('bulk.selected', count)}
      </span>
      <IconButton className="bulk-clear" label={t('bulk.clearLabel')} keys="Escape" onClick={clear}>
        <ClearIcon />
      </IconButton>
      <div className="bulk-actions">
        {anyOpen ? (
          <IconButton label={t('bulk.close')} onClick={() => void run({ kind: 'close' })}>
            <CloseIcon />
          </IconButton>
        ) : null}
        <IconButton label={t('bulk.assignToMe')} onClick={() => void run({ kind: 'assign-me' })}>
          <AssignMeIcon />
        </IconButton>
        {colleagues.length ? (
          <Select
            className="bulk-select"
            label={t('bulk.assignTo')}
            icon={<AssignToIcon />}
            value=""
            onChange={(id) => void run({ kind: 'assign', adminId: id })}
            options={colleagues.map((a) => ({ value: String(a.id), label: a.name }))}
          />
        ) : null}
        <IconButton label={t('bulk.unassign')} onClick={() => void run({ kind: 'unassign' })}>
          <UnassignIcon />
        </IconButton>
        {anyOpen ? (
          <Select<SnoozePreset | ''>
            className="bulk-select"
            label={t('bulk.snooze')}
            icon={<SnoozeIcon />}
            value=""
            onChange={(preset) => {
              if (preset) void run({ kind: 'snooze', until: snoozePresetTime(preset, new Date()) });
            }}
            options={SNOOZE_PRESETS.map((preset) => ({
              value: preset,
              label: `${t(`snooze.${preset}`)} · ${formatSnoozeTime(snoozePresetTime(preset, now))}`,
            }))}
          />
        ) : null}
        {anySnoozed ? (
          <IconButton label={t('bulk.wake')} onClick={() => void run({ kind: 'wake' })}>
            <WakeIcon />
          </IconButton>
        ) : null}
        <span className="bulk-tag">
          <TagInput
            accountId={oneAccount}
            present={[]}
            label={t('bulk.tag')}
            placeholder={t('bulk.tagPlaceholder')}
            onAdd={(tag) => void run({ kind: 'tag', tag })}
          />
        </span>
      </div>
      {accounts.size > 1 ? <p className="bulk-hint muted">{t('bulk.oneAccountToAssign')}</p> : null}
    </div>
  );
}
