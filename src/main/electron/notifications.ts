import { Notification } from 'electron';
import type { Id } from '../../shared/api/types';
import type { VisitorNotification } from '../core/notification-policy';
import type { Notifier } from '../core/workspace-options';

/**
 * Native notifications, one per conversation: a newer message replaces the older one. They
 * are kept referenced until closed, or their click handlers could be collected.
 */
export class ElectronNotifier implements Notifier {
  private readonly live = new Map<Id, Notification>();

  constructor(
    private readonly onClick: (conversationId: Id) => void,
    /** Where the platform offers it (macOS), a reply typed in the notification; it goes through the outbox. */
    private readonly reply?: { onReply: (conversationId: Id, text: string) => void; placeholder: string },
    private readonly platform: NodeJS.Platform = process.platform,
  ) {}

  show(notification: VisitorNotification): void {
    if (!Notification.isSupported()) return;
    const { conversationId } = notification;
    this.live.get(conversationId)?.close();
    const canReply = this.reply !== undefined && this.platform === 'darwin';
    const native = new Notification({
      title: notification.title,
      body: notification.body,
      silent: notification.silent,
      ...(canReply ? { hasReply: true, replyPlaceholder: this.reply!.placeholder } : {}),
    });
    native.on('reply', (_event, text: string) => {
      this.live.delete(conversationId);
      if (text.trim()) this.reply?.onReply(conversationId, text);
    });
    native.on('click', () => {
      this.live.delete(conversationId);
      this.onClick(conversationId);
    });
    native.on('close', () => {
      if (this.live.get(conversationId) === native) this.live.delete(conversationId);
    });
    this.live.set(conversationId, native);
    native.show();
  }

  /** Conversations with a notification on screen. */
  shownConversationIds(): Id[] {
    return [...this.live.keys()];
  }

  /** Acts as if the agent clicked the notification of a conversation. */
  click(conversationId: Id): boolean {
    const native = this.live.get(conversationId);
    native?.emit('click', {});
    return native !== undefined;
  }
}
