import type { IpcError } from '../../../../shared/ipc/contract';
import type { OutboxItem } from '../../../../shared/outbox';
import { t } from '../i18n';

/** A failed call as a sentence in the agent's language: no codes, no transport messages. */
export function describeError(error: IpcError): string {
  switch (error.code) {
    case 'offline':
      return t('errors.offline');
    case 'not-found':
      return t('errors.notFound');
    case 'signed-out':
      return t('errors.signedOut');
    case 'invalid-arguments':
      return t('errors.invalid');
    case 'not-saved':
      return t('errors.notSaved');
    case 'internal':
      return t('errors.internal');
    case 'forbidden':
      return t('errors.forbidden');
    case 'api': {
      // The API's own error_message is written for people; a bare status or code is not.
      const words = serverWords(error.message);
      return words ? t('errors.api', { message: words }) : t('errors.apiNoWords');
    }
  }
}

/** The server's own sentence without the request path in front; null when all it gave is a status or a code. */
export function serverWords(message: string): string | null {
  const words = message.replace(/^\/\S*:\s*/, '').trim();
  if (!words || /^HTTP \d+/.test(words) || !/\s/.test(words)) return null;
  return /[.!?…]$/.test(words) ? words : `${words}.`;
}

/** What an outbox item was meant to do, as the sentence that says it failed or is under way. */
export function describeWrite(item: OutboxItem, failed: boolean): string {
  const action = item.action;
  const prefix = failed ? 'outbox.action' : 'outbox.pending';
  switch (action.kind) {
    case 'reply':
      return failed ? t(action.note ? 'outbox.action.note' : 'outbox.action.reply') : t('outbox.sending');
    case 'close':
      return t(`${prefix}.close`);
    case 'assign':
      return t(action.adminId === null ? `${prefix}.unassign` : `${prefix}.assign`);
    case 'tag':
      return t(action.op === 'add' ? `${prefix}.tagAdd` : `${prefix}.tagDelete`, { tag: action.tag });
  }
}

/** Why the write failed, in a sentence; the server's words follow as a detail where it gave some. */
export function describeFailure(item: OutboxItem): { reason: string; detail: string | null } {
  const reason = t(`outbox.reason.${item.failure ?? 'refused'}`);
  const saysWhy =
    item.failure === 'refused' || item.failure === 'permission' || item.failure === 'not-found' || !item.failure;
  // The client prefixes the request's path ("/v2/conversations/7/close: …"); the agent needs only the words.
  const words = item.lastError ? (serverWords(item.lastError) ?? '') : '';
  return { reason, detail: saysWhy && words ? t('outbox.serverSaid', { message: words }) : null };
}
