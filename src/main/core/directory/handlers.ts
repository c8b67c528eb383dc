import type { UsersApi } from '../api/users-api';
import type { WorkspaceHandlers } from '../contract/contract-dispatch';
import type { Snoozes } from '../snooze/snoozes';
import { withSnooze } from '../snooze/snooze-rows';
import type { InboxSync } from '../sync/inbox-sync';
import type { Directory } from './directory';

/** The visitor's properties a row's name is made of (shared/inbox.ts visitorName, unnamedVisitor). */
const NAMING_PROPS = new Set(['$name', '$email', '$phone', '$city']);

type DirectoryChannel =
  | 'channels:get'
  | 'visitors:watch'
  | 'leads:page'
  | 'visitor:get'
  | 'visitor:edit-props'
  | 'visitor:unsubscribe'
  | 'visitor:conversations'
  | 'visitor:message';

/** The directory's channels (shared/ipc/channels/directory.ts): channels, visitors online, leads, a visitor's profile. */
export function directoryHandlers(parts: {
  directory: Directory;
  users: UsersApi;
  inbox: InboxSync;
  snoozes: Snoozes;
}): Pick<WorkspaceHandlers, DirectoryChannel> {
  const { directory, users, inbox, snoozes } = parts;
  return {
    'channels:get': async () => directory.channels,
    'visitors:watch': async (on) => directory.watchVisitors(on),
    'leads:page': async (query) => directory.leads(query),
    'visitor:get': async (userId) => directory.profile(userId),
    'visitor:edit-props': async (userId, edits) => {
      const outcome = await directory.editProps(userId, edits);
      // Rows and headers name the visitor by these (an anonymous one by city): their conversations are read again.
      if (edits.some((e) => NAMING_PROPS.has(e.key))) {
        const theirs = inbox.snapshot().rows.filter((row) => row.visitorId === userId);
        await Promise.all(theirs.map((row) => inbox.refresh(row.id).catch(() => {})));
      }
      return outcome;
    },
    'visitor:unsubscribe': async (userId) => directory.unsubscribe(userId),
    'visitor:conversations': async (userId) =>
      withSnooze(await directory.conversations(userId, (id) => inbox.seenAtOf(id)), snoozes),
    'visitor:message': async (userId, body) => {
      // The platform sends it as the application's default sender: the method takes no sender.
      const conversationId = await users.sendMessage(userId, body);
      if (conversationId !== null) await inbox.refresh(conversationId).catch(() => {});
      return conversationId;
    },
  };
}
