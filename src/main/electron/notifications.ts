import { Notification, type ActivationArguments } from 'electron';
import { ACCOUNT_ID_PATTERN, conversationKey, type AccountId, type ConversationKey } from '../../shared/accounts';
import type { Id } from '../../shared/api/types';
import type { AccountNotification, Notifier } from '../core/ports';
import type { PressedButton } from '../core/notifications/actions';

/** Where a notification can carry buttons and a reply box (Electron's `actions` and `hasReply`). */
const WITH_BUTTONS = new Set<NodeJS.Platform>(['darwin', 'win32']);

/**
 * Windows: a toast's tag (Electron's `id`), "account/conversation/kind". Electron writes it into
 * the arguments of the toast's buttons and reply (`type=reply&tag=…`), which is how an
 * activation from Action Center, even after Perch restarted, names its conversation and the
 * kind whose buttons it showed. Windows allows 64 characters: a 64-bit ID has at most 20 digits,
 * so every kind fits; Electron's arguments must hold no `&` or `=`.
 */
const TAG = /^([a-z0-9-]+)\/(\d{1,39})\/([a-z][a-z-]*)$/;
const TAG_MAX = 64;

/**
 * Native notifications, one per conversation and kind: a newer message replaces the older one. They
 * are kept referenced until closed, or their click handlers could be collected.
 */
export class ElectronNotifier implements Notifier {
  private readonly live = new Map<ConversationKey, Notification>();
  /** The reasons the system gave for refusing a notification, each reported once. */
  private readonly refusals = new Set<string>();
  private refusedListener: ((reason: string) => void) | null = null;

  constructor(
    private readonly onClick: (accountId: AccountId, conversationId: Id) => void,
    /** Where the platform offers it (macOS, Windows), a reply typed in the notification; it goes through the outbox. */
    private readonly reply?: {
      onReply: (accountId: AccountId, conversationId: Id, text: string) => void;
      placeholder: string;
    },
    private readonly platform: NodeJS.Platform = process.platform,
    /** Where the platform shows buttons (macOS, Windows): the notification's kind and the button's place. */
    private readonly onButton?: (pressed: PressedButton) => void,
  ) {}

  show(notification: AccountNotification): void {
    if (!Notification.isSupported()) return;
    const { accountId, conversationId, kind } = notification;
    const key = conversationKey(accountId, conversationId);
    this.live.get(key)?.close();
    // Electron shows buttons and a reply box on macOS and Windows only; elsewhere (libnotify on
    // Linux) a click opens the conversation, as it does everywhere.
    const withButtons = WITH_BUTTONS.has(this.platform);
    const canReply = this.reply !== undefined && withButtons && notification.reply;
    const buttons = this.onButton && withButtons ? notification.buttons : [];
    // On Windows the activation handler hears buttons and replies: instance events would act twice.
    const windows = this.platform === 'win32';
    const tag = `${accountId}/${conversationId}/${kind}`;
    const native = new Notification({
      ...(windows && TAG.test(tag) && tag.length <= TAG_MAX ? { id: tag } : {}),
      title: notification.title,
      // How long the visitor has waited leads, where every OS shows it.
      body: notification.waited ? `${notification.waited} · ${notification.body}` : notification.body,
      silent: notification.silent,
      ...(canReply ? { hasReply: true, replyPlaceholder: this.reply!.placeholder } : {}),
      ...(buttons.length ? { actions: buttons.map(({ label }) => ({ type: 'button' as const, text: label })) } : {}),
    });
    if (!windows) {
      native.on('action', (details, index) =>
        this.act({ accountId, conversationId, kind, index: details?.actionIndex ?? index }),
      );
      native.on('reply', (details, text: string) => this.replied(accountId, conversationId, details?.reply ?? text));
    }
    native.on('click', () => this.clicked(accountId, conversationId));
    native.on('failed', (_event, error: string) => {
      if (this.live.get(key) === native) this.live.delete(key);
      this.refusedWith(String(error));
    });
    native.on('close', (details) => {
      // Windows moves a toast that timed out to Action Center, where it can still be answered.
      if ((details as { reason?: string } | undefined)?.reason === 'timedOut') return;
      if (this.live.get(key) === native) this.live.delete(key);
    });
    this.live.set(key, native);
    native.show();
  }

  /**
   * Windows: every activation of Perch's toasts (a button, a reply, a click in Action Center),
   * whether or not Perch still holds the notification, and those from before a restart. Called
   * once the accounts run: an activation that launched Perch is handed over at once. A click on
   * a toast's body carries no arguments; `open` brings Perch forward then.
   */
  handleActivations(open: () => void): void {
    if (this.platform !== 'win32') return;
    Notification.handleActivation((details: ActivationArguments) => {
      const tag = new URLSearchParams(details.arguments).get('tag') ?? '';
      const [, accountId, conversationId, kind] = TAG.exec(tag) ?? [];
      if (!accountId || !conversationId || !kind || !ACCOUNT_ID_PATTERN.test(accountId)) return open();
      if (details.type === 'action')
        this.act({ accountId: accountId as AccountId, conversationId, kind, index: details.actionIndex ?? -1 });
      else if (details.type === 'reply') this.replied(accountId as AccountId, conversationId, details.reply ?? '');
      else this.clicked(accountId as AccountId, conversationId);
    });
  }

  /**
   * The system refused a notification (macOS refuses an unsigned build's; Windows names its
   * settings): each reason is handed on once, for the log and for the window to say so.
   */
  onRefused(listener: (reason: string) => void): void {
    this.refusedListener = listener;
  }

  private refusedWith(reason: string): void {
    if (this.refusals.has(reason)) return;
    this.refusals.add(reason);
    this.refusedListener?.(reason);
  }

  /** A button pressed: the core runs its kind's action at that place, and refuses any other. */
  private act(pressed: PressedButton): void {
    if (!this.onButton || !WITH_BUTTONS.has(this.platform)) return;
    this.live.delete(conversationKey(pressed.accountId, pressed.conversationId));
    this.onButton(pressed);
  }

  private replied(accountId: AccountId, conversationId: Id, text: string): void {
    this.live.delete(conversationKey(accountId, conversationId));
    if (text.trim()) this.reply?.onReply(accountId, conversationId, text);
  }

  private clicked(accountId: AccountId, conversationId: Id): void {
    this.live.delete(conversationKey(accountId, conversationId));
    this.onClick(accountId, conversationId);
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
