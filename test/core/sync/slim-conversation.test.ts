import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { InboxSync } from '../../../src/main/core/sync/inbox-sync';
import { slimConversation, slimInboxApi } from '../../../src/main/core/sync/slim-conversation';
import { toInboxRow } from '../../../src/shared/inbox';
import type { RunningSandbox } from '../../../src/sandbox/server';
import { FakeClock } from '../../support/fake-clock';
import { apiOn, sandbox } from '../../support/sandbox';

let sbx: RunningSandbox;
beforeEach(async () => {
  sbx = await sandbox();
});
afterEach(async () => {
  await sbx.close();
});

describe('the inbox keeps slim conversations', () => {
  it('gives the same rows as the full conversations, in little more than half the size', async () => {
    const api = apiOn(sbx);
    const full = (await api.listConversations({ includeNotAssigned: true }, { count: 50 })).items;
    expect(full.length).toBeGreaterThan(10);
    for (const conversation of full)
      expect(toInboxRow(slimConversation(conversation), undefined)).toEqual(toInboxRow(conversation, undefined));
    const size = (value: unknown) => JSON.stringify(value).length;
    expect(size(full.map(slimConversation))).toBeLessThan(size(full) * 0.6);
  });

  it('drops what no row needs from every conversation the sync reads, paged, polled or one by one', async () => {
    const sync = new InboxSync({
      api: slimInboxApi(apiOn(sbx)),
      clock: new FakeClock(),
      adminId: sbx.info.apps[0]!.adminId,
      intervalMs: 3000,
    });
    await sync.initialSync();
    const state = sync.exportState();
    expect(state.conversations.length).toBeGreaterThan(10);
    const one = state.conversations[0]!;
    await sync.refresh(one.id);
    for (const conversation of [...state.conversations, sync.conversation(one.id)!]) {
      expect(conversation).not.toHaveProperty('important_part_last');
      // The last reply only where a note, an assignment or a close came after it.
      if (conversation.reply_last) expect(conversation.reply_last.id).not.toBe(conversation.part_last?.id);
      // Only what names the visitor on a row: name, e-mail, phone, city.
      expect(
        Object.keys(conversation.user?.props ?? {}).every((key) =>
          ['$name', '$email', '$phone', '$city'].includes(key),
        ),
      ).toBe(true);
    }
    // The few administrators and channels are kept once, not once per conversation.
    const assigned = state.conversations.filter((c) => c.assignee !== null);
    const twin = assigned.find((c) => c !== assigned[0] && c.assignee!.id === assigned[0]!.assignee!.id)!;
    expect(twin.assignee).toBe(assigned[0]!.assignee);
    const channelled = state.conversations.filter((c) => c.channel);
    expect(channelled.find((c) => c !== channelled[0] && c.channel!.id === channelled[0]!.channel!.id)!.channel).toBe(
      channelled[0]!.channel,
    );
  });
});
