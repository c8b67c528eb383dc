import { createHash } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { RunningSandbox } from '../../../src/sandbox/server';
import type { Perch } from './harness';

/**
 * The account's folder, as Perch names it, holding an outbox of one whole item and one
 * damaged, written before the account is connected; `connect` then opens it.
 */
export async function damagedOutbox(perch: Perch, account: RunningSandbox) {
  const app = account.info.apps[0]!;
  const conversationId = [...account.store.conversations.values()].find((c) => c.appId === app.id)!.id;
  const folder = join(
    dirname(perch.workspace.options.dataDir),
    `account-${createHash('sha256').update(`${account.info.baseUrl}#${app.id}`).digest('hex').slice(0, 16)}`,
  );
  await mkdir(folder, { recursive: true });
  const whole = {
    id: 'kept-1',
    action: { kind: 'reply', conversationId, body: 'A reply that survived', note: false },
    randomId: 4242,
    state: 'failed',
    attempts: 12,
    createdAt: Date.now(),
    nextAttemptAt: 0,
    ambiguous: false,
    lastError: 'The server refused it',
    partId: null,
  };
  await writeFile(join(folder, `outbox-${app.id}.json`), JSON.stringify([whole, { ...whole, id: 'x', action: null }]));
  return {
    folder,
    connect: () =>
      perch.accounts.connect({ baseUrl: account.info.baseUrl, appId: app.id, adminId: app.adminId, token: app.token }),
  };
}
