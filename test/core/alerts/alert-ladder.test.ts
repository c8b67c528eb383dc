import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AlertLadder, settledBecause } from '../../../src/main/core/alerts/alert-ladder';
import type { InboxRow } from '../../../src/shared/inbox';
import type { VisitorNotification } from '../../../src/main/core/ports';
import { DEFAULT_NOTIFICATION_SETTINGS } from '../../../src/shared/settings';
import type { Workspace } from '../../../src/main/core/workspace/workspace';
import type { RunningSandbox } from '../../../src/sandbox/server';
import { DEFAULT_ALERT_SETTINGS, type AlertSettings, type Escalation } from '../../../src/shared/alerts';
import type { NotificationSettings } from '../../../src/shared/settings';
import { FakeClock } from '../../support/fake-clock';
import { raw, sandbox } from '../../support/sandbox';
import { until } from '../../support/until';
import { APP_PACE, workspaceOn } from '../../support/workspace-on';

/**
 * The escalation for unanswered visitors: real workspaces on the sandbox notice the visitor,
 * the colleague and the assignment over HTTP; the ladder's steps run on a fake clock.
 */
let sbx: RunningSandbox;
let clock: FakeClock;
let ladder: AlertLadder;
/** What the ladder did, in order: "sound:<name>", "flash", "cancel", "forward". */
let did: string[];
/** The log's lines of the ladder: "<message> <step or because>". */
let logged: string[];
let alerts: AlertSettings;
let notifications: NotificationSettings;
const shown: (VisitorNotification & { accountId: string })[] = [];
const workspaces: { workspace: Workspace; close(): Promise<void> }[] = [];

const ESCALATION: Escalation = { repeatSoundAfter: 30, repeatSoundEvery: 20, flashAfter: 60, bringForwardAfter: 120 };

beforeEach(async () => {
  sbx = await sandbox({ conversationsPerApp: 12 });
  clock = new FakeClock();
  did = [];
  logged = [];
  shown.length = 0;
  alerts = { ...DEFAULT_ALERT_SETTINGS, escalation: ESCALATION };
  notifications = { ...DEFAULT_NOTIFICATION_SETTINGS };
  ladder = new AlertLadder({
    clock,
    sounds: { play: (sound) => void did.push(`sound:${sound}`) },
    attention: {
      request: () => void did.push('flash'),
      cancel: () => void did.push('cancel'),
      bringForward: () => void did.push('forward'),
    },
    log: {
      info: (message, fields) => void logged.push(`${message} ${String(fields?.step ?? fields?.because)}`),
      warn: () => {},
      error: () => {},
    },
  });
});

afterEach(async () => {
  for (const { close } of workspaces.splice(0)) await close();
  await sbx.close();
});

async function workspaceOf(app: number, accountId: string): Promise<Workspace> {
  const opened = await workspaceOn(sbx, {
    ...APP_PACE,
    app,
    connection: { id: accountId },
    notifier: { show: (n) => void shown.push(n) },
    alerts: ladder,
    alertSettings: () => alerts,
    notificationSettings: () => notifications,
    realtime: false,
    inboxIntervalMs: 100,
    partsIntervalMs: 100,
    start: false,
  });
  workspaces.push(opened);
  await opened.workspace.start();
  await until(() => opened.workspace.inbox.health === 'ok' && opened.workspace.inbox.snapshot().progress.done, {
    what: 'the first sync',
  });
  return opened.workspace;
}

/** Open, unassigned conversations of an application with a visitor message: in the default scope. */
function unassignedOf(app: number) {
  return [...sbx.store.conversations.values()].filter(
    (c) =>
      c.appId === sbx.info.apps[app]!.id && !c.closed && c.assigneeId === null && c.userReplies > 0 && !c.assistantType,
  );
}

async function visitorWrites(workspace: Workspace, conversation: { id: string; userId: string }, body: string) {
  const before = shown.length;
  await raw(sbx, `/conversations/${conversation.id}/reply`, {
    form: { body, from_user: String(conversation.userId) },
    token: tokenOf(workspace),
  });
  // Whatever cadence the attention set, the next poll finds it now.
  workspace.inbox.pollSoon();
  await until(() => shown.length > before, { what: `the notification of "${body}"` });
}

const tokenOf = (workspace: Workspace) => sbx.info.apps.find((a) => a.id === workspace.options.account.appId)!.token;

function colleagueOf(workspace: Workspace) {
  const { appId, adminId } = workspace.options.account;
  return [...sbx.store.admins.values()].find((a) => a.appId === appId && a.id !== adminId)!.id;
}

/** Runs the ladder's clock on, a second at a time, as a machine awake would. */
async function wait(seconds: number) {
  for (let i = 0; i < seconds; i++) await clock.advance(1000);
}

describe('the escalation ladder for an unanswered visitor', () => {
  it('sounds with the notification, repeats every N seconds, flashes, then brings the window forward', async () => {
    const workspace = await workspaceOf(0, 'account-00000000000000c1');
    const c = unassignedOf(0)[0]!;
    await visitorWrites(workspace, c, 'anyone there?');
    // Perch sounds, so the OS's notification stays silent: the two never play together.
    expect(shown.at(-1)!.silent).toBe(true);
    expect(did).toEqual(['sound:pop']);
    await wait(29);
    expect(did).toEqual(['sound:pop']);
    await wait(1);
    expect(did).toEqual(['sound:pop', 'sound:pop']);
    await wait(30);
    expect(did).toEqual(['sound:pop', 'sound:pop', 'sound:pop', 'flash']);
    await wait(60);
    expect(did.filter((d) => d.startsWith('sound')).length).toBe(1 + 5);
    expect(did.at(-1)).toBe('forward');
    // Each step is in the log, as a kind: never what the visitor wrote.
    expect(logged).toContain('escalation step bring-forward');
    expect(logged.filter((line) => line === 'escalation step sound')).toHaveLength(5);
  });

  it('stops the moment a colleague answers, and stops flashing', async () => {
    const workspace = await workspaceOf(0, 'account-00000000000000c1');
    const c = unassignedOf(0)[0]!;
    await visitorWrites(workspace, c, 'hello?');
    await wait(60);
    expect(did.at(-1)).toBe('flash');
    await raw(sbx, `/conversations/${c.id}/reply`, {
      form: { body: 'A colleague here', from_admin: String(colleagueOf(workspace)) },
    });
    await until(() => ladder.climbing().length === 0, { what: 'the ladder to stop' });
    expect(did.at(-1)).toBe('cancel');
    const count = did.length;
    await wait(300);
    expect(did.length).toBe(count);
  });

  it('stops when the conversation is assigned to someone else, but not when it is assigned to the agent', async () => {
    const workspace = await workspaceOf(0, 'account-00000000000000c1');
    const [mine, theirs] = unassignedOf(0);
    await visitorWrites(workspace, mine!, 'for me');
    await visitorWrites(workspace, theirs!, 'for them');
    const me = workspace.options.account.adminId;
    const colleague = colleagueOf(workspace);
    await raw(sbx, `/conversations/${theirs!.id}/assign`, {
      form: { admin: String(colleague), from_admin: colleague },
    });
    await raw(sbx, `/conversations/${mine!.id}/assign`, { form: { admin: String(me), from_admin: colleague } });
    await until(() => workspace.inbox.row(mine!.id)?.assignee?.id === me, { what: 'the assignment to me' });
    await until(() => ladder.climbing().length === 1, { what: "the colleague's conversation to stop climbing" });
    expect(ladder.climbing()).toEqual([`account-00000000000000c1/${mine!.id}`]);
    // Assigned to me by a colleague: the "assigned" sound.
    expect(did).toContain('sound:bell');
  });

  it('holds every step while quiet hours start mid-ladder, and goes on when they end', async () => {
    const workspace = await workspaceOf(0, 'account-00000000000000c1');
    const c = unassignedOf(0)[0]!;
    await visitorWrites(workspace, c, 'late visitor');
    await wait(60);
    expect(did).toEqual(['sound:pop', 'sound:pop', 'sound:pop', 'flash']);
    notifications = { ...notifications, quietHours: aroundNow() };
    await wait(600);
    expect(did).toEqual(['sound:pop', 'sound:pop', 'sound:pop', 'flash', 'cancel']);
    notifications = { ...notifications, quietHours: { ...notifications.quietHours, enabled: false } };
    await wait(30);
    expect(did.slice(5, 8)).toEqual(['sound:pop', 'flash', 'forward']);
  });

  it('after a sleep and wake takes one step, never a burst of the sounds it missed', async () => {
    const workspace = await workspaceOf(0, 'account-00000000000000c1');
    const c = unassignedOf(0)[0]!;
    alerts = { ...alerts, escalation: { ...ESCALATION, bringForwardAfter: null } };
    await visitorWrites(workspace, c, 'before the lid closed');
    await wait(30);
    expect(did).toEqual(['sound:pop', 'sound:pop']);
    // The lid closes for an hour: the wall clock jumps, the timers waited on the monotonic clock.
    clock.jump(3_600_000);
    await wait(20);
    expect(did).toEqual(['sound:pop', 'sound:pop', 'sound:pop', 'flash']);
    await wait(20);
    expect(did).toEqual(['sound:pop', 'sound:pop', 'sound:pop', 'flash', 'sound:pop']);
  });

  it('stops when the agent opens Perch, and does nothing when the escalation is off', async () => {
    const workspace = await workspaceOf(0, 'account-00000000000000c1');
    const [first, second] = unassignedOf(0);
    await visitorWrites(workspace, first!, 'one');
    await wait(60);
    workspace.setAttention({ windowFocused: true, windowVisible: true });
    expect(ladder.climbing()).toEqual([]);
    expect(did.at(-1)).toBe('cancel');
    workspace.setAttention({ windowFocused: false, windowVisible: false });

    did = [];
    alerts = {
      ...alerts,
      sounds: { ...alerts.sounds, message: 'none' },
      escalation: { ...ESCALATION, repeatSoundAfter: null, flashAfter: null, bringForwardAfter: null },
    };
    await visitorWrites(workspace, second!, 'two');
    // No sound of Perch's: the OS's notification keeps its own.
    expect(shown.at(-1)!.silent).toBe(false);
    await wait(600);
    expect(did).toEqual([]);
  });

  it('climbs for each account on its own: an answer in one leaves the other climbing, with its own escalation', async () => {
    const a = await workspaceOf(0, 'account-00000000000000c1');
    const b = await workspaceOf(1, 'account-00000000000000c2');
    alerts = {
      ...alerts,
      accounts: { 'account-00000000000000c2': { ...ESCALATION, repeatSoundAfter: 10, flashAfter: null } },
    };
    const ca = unassignedOf(0)[0]!;
    const cb = unassignedOf(1)[0]!;
    await visitorWrites(a, ca, 'in the first');
    await visitorWrites(b, cb, 'in the second');
    expect(ladder.climbing().sort()).toEqual([
      `account-00000000000000c1/${ca.id}`,
      `account-00000000000000c2/${cb.id}`,
    ]);
    did = [];
    await wait(10);
    expect(did).toEqual(['sound:pop']);
    await raw(sbx, `/conversations/${ca.id}/reply`, {
      form: { body: 'Taken', from_admin: String(colleagueOf(a)) },
      token: tokenOf(a),
    });
    await until(() => ladder.climbing().length === 1, { what: 'the first account to stop' });
    expect(ladder.climbing()).toEqual([`account-00000000000000c2/${cb.id}`]);
    did = [];
    await wait(20);
    expect(did).toEqual(['sound:pop']);
  });
});

/** Quiet hours from an hour ago to an hour from now, local time. */
function aroundNow() {
  const hhmm = (d: Date) => `${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}`;
  return { enabled: true, start: hhmm(new Date(Date.now() - 3_600_000)), end: hhmm(new Date(Date.now() + 3_600_000)) };
}

describe('when a visitor no longer waits', () => {
  const waiting: InboxRow = {
    id: '1160406004324630378',
    visitorId: '1160406004324630001',
    visitorName: 'Ava',
    preview: 'Hello?',
    previewFromVisitor: true,
    lastUpdate: 1_800_000_000,
    unread: 1,
    assignee: null,
    tags: [],
    closed: false,
    channel: null,
    waitingSince: 1_800_000_000,
  };
  const ME = '1160406004324630010';
  it.each([
    [{}, null],
    [{ assignee: { id: ME, name: 'Me' } }, null],
    [{ closed: true }, 'closed'],
    [{ waitingSince: null }, 'answered'],
    [{ unread: 0 }, 'read'],
    [{ assignee: { id: '1160406004324630011', name: 'Colleague' } }, 'assigned-elsewhere'],
  ] as [Partial<InboxRow>, string | null][])('%o settles it as %s', (change, because) => {
    expect(settledBecause({ ...waiting, ...change }, ME)).toBe(because);
  });
});

describe('many visitors waiting over several accounts', () => {
  it('repeats one shared sound, at most once per repeat interval, saying how many visitors wait', async () => {
    const plays: { at: number; waiting: number | undefined }[] = [];
    const shared = new AlertLadder({
      clock,
      sounds: { play: (_sound, _volume, waiting) => void plays.push({ at: clock.now(), waiting }) },
      attention: { request: () => {}, cancel: () => {}, bringForward: () => {} },
    });
    const rules = () => ({
      escalation: { ...ESCALATION, flashAfter: null, bringForwardAfter: null },
      held: false,
      sound: 'pop' as const,
      volume: 50,
    });
    const start = clock.now();
    // Three busy accounts: a visitor notified every second, fifteen in all.
    for (let i = 0; i < 15; i++) {
      shared.start(`account-0000000000000${i % 3}`, String(1000 + i), rules);
      await wait(1);
    }
    await wait(60);
    // Each conversation's ladder alone would have rung about 40 times by now.
    expect(plays.map((p) => (p.at - start) / 1000)).toEqual([30, 50, 70]);
    expect(plays.map((p) => p.waiting)).toEqual([15, 15, 15]);
    for (let i = 0; i < 12; i++) shared.stop(`account-0000000000000${i % 3}`, String(1000 + i), 'answered');
    await wait(20);
    expect(plays.slice(3)).toEqual([{ at: start + 90_000, waiting: 3 }]);
  });
});
