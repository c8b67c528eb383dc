import { Notification } from 'electron';
import type { Id } from '../shared/api/types';
import type { VisitorNotification } from './core/notification-policy';
import type { Notifier } from './core/workspace';

/**
 * Native notifications, one per conversation: a newer message replaces the older one. They
 * are kept referenced until closed, or their click handlers could be collected.
 */
export class ElectronNotifier implements Notifier {
  private readonly live = new Map<Id, Notification>();

  constructor(private readonly onClick: (conversationId: Id) => void) {}

  show(notification: VisitorNotification): void {
    if (!Notification.isSupported()) return;
    const { conversationId } = notification;
    this.live.get(conversationId)?.close();
    const native = new Notification({ title: notification.title, body: notification.body, silent: notification.silent });
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
}
