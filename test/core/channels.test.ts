import { describe, expect, it } from 'vitest';
import { EVENTS, INVOKE, ACCOUNT_INVOKE, WORKSPACE_INVOKE } from '../../src/shared/ipc/channels';
import { conversationEvents, conversationInvoke } from '../../src/shared/ipc/channels/conversation';
import { diagnosticsInvoke } from '../../src/shared/ipc/channels/diagnostics';
import { directoryEvents, directoryInvoke } from '../../src/shared/ipc/channels/directory';
import { inboxEvents, inboxInvoke, mergedInboxInvoke } from '../../src/shared/ipc/channels/inbox';
import { linksInvoke } from '../../src/shared/ipc/channels/links';
import { deepLinkEvents, deepLinkInvoke } from '../../src/shared/ipc/channels/deep-links';
import { toolkitEvents, toolkitInvoke } from '../../src/shared/ipc/channels/toolkit';
import { outboxEvents, outboxInvoke } from '../../src/shared/ipc/channels/outbox';
import { accountEvents, accountInvoke } from '../../src/shared/ipc/channels/account';
import { settingsEvents, settingsInvoke } from '../../src/shared/ipc/channels/settings';
import { EVENT_CHANNELS, INVOKE_CHANNELS, isInvokeChannel } from '../../src/shared/ipc/contract';

const names = (...features: object[]) => features.flatMap((f) => Object.keys(f));

describe('the channel declarations', () => {
  it('declare each channel in one feature file only: merging them loses none', () => {
    const invoke = names(
      accountInvoke,
      settingsInvoke,
      diagnosticsInvoke,
      inboxInvoke,
      mergedInboxInvoke,
      conversationInvoke,
      outboxInvoke,
      directoryInvoke,
      linksInvoke,
      deepLinkInvoke,
      toolkitInvoke,
    );
    expect(new Set(invoke).size).toBe(invoke.length);
    expect(Object.keys(INVOKE).sort()).toEqual([...invoke].sort());
    const events = names(
      accountEvents,
      settingsEvents,
      inboxEvents,
      conversationEvents,
      outboxEvents,
      directoryEvents,
      deepLinkEvents,
      toolkitEvents,
    );
    expect(new Set(events).size).toBe(events.length);
    expect(Object.keys(EVENTS).sort()).toEqual([...events].sort());
  });

  it('split into session and workspace channels without overlap, and the lists follow', () => {
    expect(Object.keys(ACCOUNT_INVOKE).filter((c) => c in WORKSPACE_INVOKE)).toEqual([]);
    expect([...INVOKE_CHANNELS].sort()).toEqual(Object.keys(INVOKE).sort());
    expect([...EVENT_CHANNELS].sort()).toEqual(Object.keys(EVENTS).sort());
    expect(isInvokeChannel('inbox:get')).toBe(true);
    expect(isInvokeChannel('__proto__')).toBe(false);
    expect(isInvokeChannel('toString')).toBe(false);
  });
});
