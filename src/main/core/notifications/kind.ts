import type { AccountId } from '../../../shared/accounts';
import type { Id } from '../../../shared/api/types';
import type { Locale, MessageKey, Translate } from '../../../shared/i18n';
import type { InboxRow } from '../../../shared/inbox';
import type { AlertContext } from '../alerts/account-alerts';
import type { NotificationAction, VisitorNotification } from '../ports';

/**
 * Who a notification is for and what holds at that moment: it travels with each event, read
 * once when the event happens (`workspace/wiring.ts`), so the policy and the wording read no
 * closures of their own.
 */
export interface NotificationContext extends AlertContext {
  accountId: AccountId;
  /** Beside other accounts, the account's label, which each title then starts with (else null). */
  accountLabel: string | null;
  locale: Locale;
  /** The conversation the agent is looking at (AgentAttention). */
  lookingAt: Id | null;
}

/** What a kind's wording is worked out from: the event's context, the agent's language, the account's rows. */
export interface WordingContext extends NotificationContext {
  t: Translate;
  row(conversationId: Id): InboxRow | undefined;
}

/** What a kind's notification says; its kind, buttons and reply box come from the kind itself. */
export type Wording = Omit<VisitorNotification, 'kind' | 'buttons' | 'reply'>;

/** A button as a kind declares it: what it does (`actions.ts`) and the catalog key of what it says. */
export interface KindButton {
  action: NotificationAction;
  label: MessageKey;
}

/** A kind of notification (`kinds/<kind>.ts`): when it shows, what it says, and its buttons. */
export interface NotificationKind<Event> {
  /** Names the kind to the OS (a Windows toast's tag) and back when a button is pressed. */
  readonly name: string;
  /** In the order the OS shows them (macOS, Windows; Linux shows none: a click opens the conversation). */
  readonly buttons: readonly KindButton[];
  /** Whether it offers the OS's inline reply (macOS, Windows), sent through the outbox. */
  readonly reply: boolean;
  /** What it says about this event, or null when this event shows none. */
  wording(event: Event, context: WordingContext): Wording | null;
}

/** A kind's notification: its wording with the kind's name, reply box and buttons in the agent's language. */
export function notificationOf<Event>(
  kind: NotificationKind<Event>,
  wording: Wording,
  t: Translate,
): VisitorNotification {
  const buttons = kind.buttons.map(({ action, label }) => ({ action, label: t(label) }));
  return { ...wording, kind: kind.name, reply: kind.reply, buttons };
}
