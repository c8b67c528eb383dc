import { describe, expect, it } from 'vitest';
import { commandsFor, filterCommands, type Command } from '../../../../src/renderer/src/features/palette/commands';
import { editsFrom } from '../../../../src/renderer/src/features/visitor/VisitorPropsEditor';
import { knownAdmins } from '../../../../src/renderer/src/features/directory/selectors';
import { usePerch } from '../../../../src/renderer/src/store';
import type { VisitorProfile } from '../../../../src/shared/directory';
import type { AccountInfo, AccountRow } from '../../../../src/shared/ipc/contract';
import { inboxRow } from '../../../support/inbox-rows';

const profile: VisitorProfile = {
  id: '1',
  userId: null,
  presence: 'online',
  props: { $name: 'Anna', $email: 'anna@mail.example', $sessions: 4 },
  propsCustom: { plan: 'pro', orders: 3 },
  events: [],
  segments: [],
  tags: [],
  emailStatus: 'subscribed',
  page: null,
  url: null,
  notes: [],
  consents: [],
};

describe('property edits', () => {
  it('sends only what changed: updates, blanks as deletes, removed custom props', () => {
    const values = {
      $name: 'Anna',
      $email: ' anna.p@mail.example ',
      $phone: '',
      $city: 'Riga',
      plan: 'pro',
      orders: '3',
    };
    expect(editsFrom(profile, values, new Set(['plan']))).toEqual([
      { op: 'update_or_create', key: '$email', value: 'anna.p@mail.example' },
      { op: 'update_or_create', key: '$city', value: 'Riga' },
      { op: 'delete', key: 'plan' },
    ]);
    expect(editsFrom(profile, { $name: '' }, new Set())).toEqual([{ op: 'delete', key: '$name' }]);
    expect(editsFrom(profile, { $name: 'Anna', orders: '3' }, new Set())).toEqual([]);
  });
});

const row = (id: number, assignee: { id: string; name: string } | null, accountId = 'demo'): AccountRow => ({
  ...inboxRow(id, {
    visitorName: `V${id}`,
    preview: 'Where is my parcel',
    lastUpdate: 100 - id,
    assignee,
    tags: id === 2 ? ['vip'] : [],
  }),
  accountId,
});

describe('command palette', () => {
  it('knows administrators from channel operators and assignees, named once', () => {
    const channels = [
      {
        id: '1',
        name: 'Sales',
        notRead: 0,
        notAssigned: 0,
        operators: [
          { id: '7', name: 'Mark Ellis' },
          { id: '8', name: 'Anna Petrova' },
        ],
      },
    ];
    expect(
      knownAdmins(channels, [row(1, { id: '7', name: 'Mark Ellis' }), row(2, { id: '9', name: 'Sofia Reyes' })]),
    ).toEqual([
      { id: '8', name: 'Anna Petrova' },
      { id: '7', name: 'Mark Ellis' },
      { id: '9', name: 'Sofia Reyes' },
    ]);
  });

  it('filters by every word, commands before matching conversations', () => {
    const commands = [
      { id: 'a', title: 'Go to Mine', group: 'Inbox' },
      { id: 'b', title: 'Go to Closed', group: 'Inbox' },
      { id: 'c', title: 'Theme: Dark', group: 'Perch' },
    ] as Command[];
    expect(filterCommands(commands, 'go clo').map((c) => c.id)).toEqual(['b']);
    expect(filterCommands(commands, 'perch').map((c) => c.id)).toEqual(['c']);
    expect(filterCommands(commands, '').length).toBe(3);

    const rows = new Map([
      ['demo/1', row(1, null)],
      ['demo/2', row(2, null)],
    ]);
    const demo: AccountInfo = {
      id: 'demo',
      mode: 'sandbox',
      baseUrl: '',
      appId: '1',
      adminId: '7',
      label: 'Demo',
      color: 'teal',
      status: 'connected',
      liveUpdates: true,
    };
    usePerch.setState({
      rows,
      order: ['demo/1', 'demo/2'],
      accounts: [demo],
      admins: new Map([['demo', '7']]),
      conversation: null,
    });
    const found = commandsFor(usePerch.getState(), {}, 'parcel');
    expect(found.map((c) => c.id)).toEqual(['open:demo/1', 'open:demo/2']);
    const tag = commandsFor(usePerch.getState(), {}, 'vip');
    expect(tag[0]!.id).toBe('tag:vip');
    expect(commandsFor(usePerch.getState(), {}, 'mark').some((c) => c.id === 'read-all')).toBe(true);
    // Without an open conversation there is nothing to assign: only the Unassigned view matches.
    expect(commandsFor(usePerch.getState(), {}, 'assign').map((c) => c.id)).toEqual(['view:unassigned']);
  });
});
