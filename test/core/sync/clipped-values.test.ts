import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { createUndiciTransport } from '../../../src/main/core/api/transport';
import type { HttpRequest, HttpTransport } from '../../../src/main/core/ports';
import type { VisitorNotification } from '../../../src/main/core/ports';
import type { Workspace } from '../../../src/main/core/workspace/workspace';
import type { RunningSandbox } from '../../../src/sandbox/server';
import { LIST_TEXT_MAX } from '../../../src/shared/api/bounds';
import { sandbox } from '../../support/sandbox';
import { until } from '../../support/until';
import { workspaceOn } from '../../support/workspace-on';

const DEEP_MARKER = 'deep-value-goes-here';
const DEEP = `${'['.repeat(100_000)}"bottom"${']'.repeat(100_000)}`;

/** What a rewriting proxy does: every answer that names the marker carries the deep value instead. */
class RewritingTransport implements HttpTransport {
  private readonly inner = createUndiciTransport({ proxyFromEnv: false });
  async send(request: HttpRequest) {
    const response = await this.inner.send(request);
    return { ...response, body: response.body.split(`"${DEEP_MARKER}"`).join(DEEP) };
  }
  close() {
    return this.inner.close();
  }
}

let sbx: RunningSandbox;
let workspace: Workspace;
let close: () => Promise<void>;
let dataDir: string;
let notifications: VisitorNotification[] = [];

beforeEach(async () => {
  sbx = await sandbox({ conversationsPerApp: 20 });
  let shown: VisitorNotification[];
  ({
    workspace,
    close,
    notifications: shown,
    dataDir,
  } = await workspaceOn(sbx, {
    transport: new RewritingTransport(),
    connection: { id: 'account-00000000000000c3' },
  }));
  notifications = shown;
});

afterEach(async () => {
  await close();
  await sbx.close();
});

it('clips a 5 MB name and drops a value nested 100,000 deep where they enter, and loses no message', async () => {
  const [huge, deep, plain] = [...sbx.store.conversations.values()].filter(
    (c) => c.appId === '101' && !c.closed && c.assigneeId === null && c.userReplies > 0 && !c.assistantType,
  );
  sbx.store.users.get(huge!.userId)!.props.$name = 'N'.repeat(5_000_000);
  // No server of ours can even write such a value: a proxy on the way puts it in (see the transport).
  sbx.store.users.get(deep!.userId)!.props.$name = DEEP_MARKER;
  // All three write in the same moment: the same poll reads them on one page.
  for (const c of [huge!, deep!, plain!]) sbx.simulator.writeInto(c, `Help ${c.id}`);
  await until(() => notifications.length >= 3, { what: 'three notifications' });
  expect(notifications.map((n) => n.conversationId).sort()).toEqual([huge!.id, deep!.id, plain!.id].sort());
  const row = workspace.inbox.row(huge!.id)!;
  expect(row.visitorName.length).toBeLessThanOrEqual(LIST_TEXT_MAX + 1);
  expect(workspace.inbox.row(deep!.id)).toBeDefined();
  expect(workspace.inbox.health).toBe('ok');
  // The cached inbox stays small: the whole of it under a megabyte.
  await close();
  close = async () => {};
  expect((await stat(join(dataDir, 'inbox-101.json'))).size).toBeLessThan(1_000_000);
});
