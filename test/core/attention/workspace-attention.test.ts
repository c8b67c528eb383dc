import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { VisitorNotification } from '../../../src/main/core/ports';
import { PageAttention } from '../../../src/main/core/attention/page-attention';
import type { Workspace } from '../../../src/main/core/workspace/workspace';
import type { RunningSandbox } from '../../../src/sandbox/server';
import { raw, sandbox } from '../../support/sandbox';
import { until } from '../../support/until';
import { workspaceOn } from '../../support/workspace-on';

let sbx: RunningSandbox;
let workspace: Workspace;
let close: () => Promise<void>;
let pages: PageAttention;
/** The one page of these tests, as the browser host or Electron's window would report it. */
const page = {};
const shown: VisitorNotification[] = [];

beforeEach(async () => {
  sbx = await sandbox({ conversationsPerApp: 12 });
  shown.length = 0;
  ({ workspace, close } = await workspaceOn(sbx, {
    connection: { id: 'account-00000000000000a1' },
    notifier: { show: (n) => void shown.push(n) },
    start: 'started',
  }));
  pages = new PageAttention(workspace);
  pages.seen(page, { visible: true, focused: true });
  await until(() => workspace.inbox.health === 'ok', { what: 'the first sync' });
});

afterEach(async () => {
  await close();
  await sbx.close();
});

/** An open, unassigned conversation with a visitor message: in the default notification scope. */
function unassigned() {
  const found = [...sbx.store.conversations.values()].find(
    (c) =>
      c.appId === sbx.info.apps[0]!.id && !c.closed && c.assigneeId === null && c.userReplies > 0 && !c.assistantType,
  );
  if (!found) throw new Error('no unassigned conversation in the demo data');
  return found;
}

async function visitorWrites(id: string, userId: string, body: string) {
  await raw(sbx, `/conversations/${id}/reply`, { form: { body, from_user: String(userId) } });
  await until(() => workspace.inbox.row(id)?.preview === body, { what: `Perch to see "${body}"` });
}

/** Opens a conversation as the page does, through the contract as that page calls it. */
async function openInPage(id: string) {
  const accountId = workspace.options.account.id;
  const contract = pages.contractFor(page, {
    'conversation:open': (_: string, conversationId: string) => workspace.handlers['conversation:open'](conversationId),
  });
  await contract['conversation:open'](accountId, id);
}

describe('the agent is looking only at an open conversation in a focused, visible window', () => {
  it('holds back notifications and unread counts for the open conversation while the window is seen', async () => {
    const c = unassigned();
    await openInPage(c.id);
    await visitorWrites(c.id, c.userId, 'seen at once');
    expect(workspace.inbox.row(c.id)!.unread).toBe(0);
    expect(shown.filter((n) => n.conversationId === c.id)).toEqual([]);
  });

  it('notifies and counts as unread when the window is hidden in the tray, and reads it when the agent returns', async () => {
    const c = unassigned();
    await openInPage(c.id);
    pages.seen(page, { visible: false, focused: false });
    await visitorWrites(c.id, c.userId, 'while hidden');
    expect(shown.filter((n) => n.conversationId === c.id).map((n) => n.body)).toEqual(['while hidden']);
    expect(workspace.inbox.row(c.id)!.unread).toBeGreaterThan(0);
    expect(workspace.inbox.snapshot().totals.unassigned).toBeGreaterThan(0);

    pages.seen(page, { visible: true, focused: true });
    expect(workspace.inbox.row(c.id)!.unread).toBe(0);
  });

  it('looks at nothing once the page that had it open has left, nor in a page that opened nothing', async () => {
    const c = unassigned();
    await openInPage(c.id);
    pages.left(page);
    const fresh = {};
    pages.seen(fresh, { visible: true, focused: true });
    expect(workspace.attention.lookingAt()).toBeNull();
    await visitorWrites(c.id, c.userId, 'after the tab closed');
    expect(shown.filter((n) => n.conversationId === c.id).map((n) => n.body)).toEqual(['after the tab closed']);
    expect(workspace.inbox.row(c.id)!.unread).toBeGreaterThan(0);
  });
});
