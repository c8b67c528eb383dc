/** What other features read of the directory feature: pure functions of its state. */
import type { Id } from '../../../../shared/api/types';
import type { ChannelSummary } from '../../../../shared/directory';
import type { InboxRow } from '../../../../shared/inbox';

/** Administrators Perch knows of: channel operators and anyone a loaded conversation is assigned to, by name. */
export function knownAdmins(channels: readonly ChannelSummary[], rows: Iterable<InboxRow>): { id: Id; name: string }[] {
  const admins = new Map<Id, string>();
  for (const channel of channels)
    for (const operator of channel.operators) if (operator.name) admins.set(operator.id, operator.name);
  for (const row of rows)
    if (row.assignee && !admins.has(row.assignee.id)) admins.set(row.assignee.id, row.assignee.name);
  return [...admins].map(([id, name]) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name));
}
