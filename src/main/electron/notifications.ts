import { Notification } from 'electron';
import { conversationKey, type AccountId, type ConversationKey } from '../../shared/accounts';
import type { Id } from '../../shared/api/types';
import type { AccountNotification, Notifier } from '../core/ports';
import { NOTIFICATION_ACTIONS, type NotificationAction } from '../core/alerts/notification-actions';

/** Where a notification can carry buttons and a reply box (Electron's `actions` and `hasReply`). */
const WITH_BUTTONS = new Set<NodeJS.Platform>(['darwin', 'win32']);

/**
 * Native notifications, one per conversation: a newer message replaces the older one. They
 * are kept referenced until closed, or their click handlers could be collected.
 */
export class ElectronNotifier implements Notifier {
  private readonly live = new Map<ConversationKey, Notification>();

  constructor(
    private readonly onClick: (accountId: AccountId, conversationId: Id) => void,
    /** Where the platform offers it (macOS, Windows), a reply typed in the notification; it goes through the outbox. */
    private readonly reply?: {
      onReply: (accountId: AccountId, conversationId: Id, text: string) => void;
      placeholder: string;
    },
    private readonly platform: NodeJS.Platform = process.platform,
    /** Where the platform shows buttons (macOS, Windows): Assign to me, Mark as read. */
    private readonly actions?: {
      label: (action: NotificationAction) => string;
      onAction: (accountId: AccountId, conversationId: Id, action: NotificationAction) => void;
    },
  ) {}

  show(notification: AccountNotification): void {
    if (!Notification.isSupported()) return;
    const { accountId, conversationId } = notification;
    const key = conversationKey(accountId, conversationId);
    this.live.get(key)?.close();
    const canReply = this.reply !== undefined && WITH_BUTTONS.has(this.platform);
    // Elsewhere (most Linux desktops) a click opens the conversation, as it does everywhere.
    const buttons = this.actions && WITH_BUTTONS.has(this.platform) ? NOTIFICATION_ACTIONS : [];
    const native = new Notification({
      title: notification.title,
      // How long the visitor has waited leads, where every OS shows it.
      body: notification.waited ? `${notification.waited} · ${notification.body}` : notification.body,
      silent: notification.silent,
      ...(canReply ? { hasReply: true, replyPlaceholder: this.reply!.placeholder } : {}),
      ...(buttons.length
        ? { actions: buttons.map((action) => ({ type: 'button' as const, text: this.actions!.label(action) })) }
        : {}),
    });
    native.on('action', (details, index) => {
      const action = buttons[details?.actionIndex ?? index];
      if (!action) return;
      this.live.delete(key);
      this.actions?.onAction(accountId, conversationId, action);
    });
    native.on('reply', (_event, text: string) => {
      this.live.delete(key);
      if (text.trim()) this.reply?.onReply(accountId, conversationId, text);
    });
    native.on('click', () => {
      this.live.delete(key);
      this.onClick(accountId, conversationId);
    });
    native.on('close', () => {
      if (this.live.get(key) === native) this.live.delete(key);
    });
    this.live.set(key, native);
    native.show();
  }

  /** Closes the notifications of accounts Perch no longer holds: a click on one would lead nowhere. */
  keepAccounts(held: readonly AccountId[]): void {
    for (const [key, native] of this.live) {
      if (held.some((id) => key.startsWith(`${id}/`))) continue;
      this.live.delete(key);
      native.close();
    }
  }

  /** Conversations with a notification on screen, as "account/conversation" keys. */
  shownConversations(): ConversationKey[] {
    return [...this.live.keys()];
  }

  /** Acts as if the agent clicked the notification of a conversation. */
  click(accountId: AccountId, conversationId: Id): boolean {
    const native = this.live.get(conversationKey(accountId, conversationId));
    native?.emit('click', {});
    return native !== undefined;
  }
}
