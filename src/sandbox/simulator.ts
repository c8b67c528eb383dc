import type { Id } from '../shared/api/types';
import { FIRST_NAMES, LAST_NAMES, OPENING_LINES, VISITOR_LINES } from './demo-content';
import type { ConversationRecord } from './model';
import { Random } from './random';
import type { SandboxStore } from './store';

export interface SimulatorOptions {
  intervalMs: number;
  seed: number;
}

/**
 * Plays the visitors of the demo workspace: every few seconds someone writes into an open
 * conversation or starts a new one. Each step is also callable directly, so tests drive it
 * without waiting.
 */
export class VisitorSimulator {
  private timer: NodeJS.Timeout | null = null;
  private readonly rnd: Random;

  constructor(
    private readonly store: SandboxStore,
    private readonly options: SimulatorOptions,
  ) {
    this.rnd = new Random(options.seed ^ 0x5eed);
  }

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => this.step(), this.options.intervalMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /**
   * One moment of the site's life: a visitor comes or goes, or someone types and then writes
   * (pressing a quick-reply button when the last admin message offered some).
   */
  step(): void {
    const appId = this.rnd.pick([...this.store.apps.keys()]);
    if (this.rnd.chance(0.25)) return this.toggleVisitor(appId);
    const conversation = this.rnd.chance(0.3) ? undefined : this.recentOpen(appId);
    if (!conversation) {
      this.startConversation(appId);
      return;
    }
    if (this.rnd.chance(0.1)) return this.systemEvent(conversation);
    this.respond(conversation);
  }

  /**
   * What the platform writes into a conversation besides messages (/objects/conversationpart):
   * the visitor rates it, or it moves to another channel.
   */
  systemEvent(conversation: ConversationRecord, type = this.rnd.pick(['vote', 'channel_changed'] as const)): void {
    const channels = [...this.store.channels.values()].filter((c) => c.appId === conversation.appId);
    if (type === 'channel_changed' && channels.length) conversation.channelId = this.rnd.pick(channels).id;
    const vote = type === 'vote';
    this.store.appendPart(conversation, {
      body: '',
      bodyJson: vote ? { vote: this.rnd.pick(['good', 'bad']) } : {},
      read: true,
      direction: vote ? 'u2a' : 'a2u',
      type,
      sentVia: vote ? 'web_user' : 'system',
      attachments: [],
      metaData: {},
      replyType: 'no',
      actions: null,
      externalId: null,
      randomId: 0,
      fromAdminId: null,
      fromUserId: vote ? conversation.userId : null,
      assigneeId: null,
      referrer: null,
    });
  }

  /** The visitor types, then writes: pressing a quick-reply button when the last message offered some. */
  respond(conversation: ConversationRecord): void {
    const last = conversation.parts[conversation.parts.length - 1];
    const button = last?.actions?.length ? this.rnd.pick(last.actions) : undefined;
    const body = button?.body ?? this.rnd.pick(VISITOR_LINES);
    this.store.typing({ conversation, from: 'user', adminId: null, body: body.slice(0, Math.ceil(body.length / 2)) });
    const write = setTimeout(
      () => {
        this.maybeBecomeLead(conversation.userId);
        this.writeInto(conversation, body, button?.meta_data ?? {});
      },
      Math.min(1500, this.options.intervalMs / 2),
    );
    write.unref();
  }

  toggleVisitor(appId: Id): void {
    const users = [...this.store.users.values()].filter((u) => u.appId === appId);
    const user = this.rnd.pick(users);
    const now = this.store.clock();
    if (user.presence === 'offline') {
      user.presence = 'online';
      user.lastHeartbeat = now;
      user.presenceDetails = { page: 'Home', url: '/', session_started: now, presence: 'online' };
    } else {
      user.presence = 'offline';
      user.lastHeartbeat = undefined;
      user.presenceDetails = {};
    }
    this.store.presenceChanged(appId, user.id, user.presence);
  }

  private maybeBecomeLead(userId: Id): void {
    const user = this.store.users.get(userId);
    if (!user || user.props.$email || !this.rnd.chance(0.2)) return;
    // An address as a person would give it (anna.kim84@…): an ID in it would read as one in the rows.
    const ascii = (name: string) =>
      name
        .normalize('NFD')
        .replace(/[^A-Za-z]/g, '')
        .toLowerCase();
    const first = ascii(this.rnd.pick(FIRST_NAMES));
    const last = ascii(this.rnd.pick(LAST_NAMES));
    user.props.$email = `${first}${this.rnd.pick(['.', '_', ''])}${last}${this.rnd.int(1, 99)}@mail.example`;
    user.emailStatus = 'subscribed';
  }

  /** A visitor message in a given conversation (or a recent open one). */
  writeInto(
    conversation: ConversationRecord,
    body = this.rnd.pick(VISITOR_LINES),
    metaData: Record<string, unknown> = {},
  ): ConversationRecord {
    this.store.appendPart(conversation, {
      body,
      bodyJson: {},
      read: false,
      direction: 'u2a',
      type: 'reply_user',
      sentVia: 'web_user',
      attachments: [],
      metaData,
      replyType: 'text',
      actions: null,
      externalId: null,
      randomId: 0,
      fromAdminId: null,
      fromUserId: conversation.userId,
      assigneeId: null,
      referrer: null,
    });
    return conversation;
  }

  startConversation(appId: Id, body = this.rnd.pick(OPENING_LINES)): ConversationRecord {
    const users = [...this.store.users.values()].filter((u) => u.appId === appId);
    const user = this.rnd.pick(users);
    const channels = [...this.store.channels.values()].filter((c) => c.appId === appId);
    const conversation = this.store.createConversation(
      appId,
      user.id,
      channels.length ? this.rnd.pick(channels).id : null,
    );
    this.writeInto(conversation, body);
    // As on the platform, a bot often answers first: the visitor still waits for a person.
    if (this.rnd.chance(0.3)) this.botReply(conversation);
    return conversation;
  }

  /** An automatic reply from the application's chat bot (/objects/conversationpart: auto_reply). */
  botReply(conversation: ConversationRecord, body = 'Thanks! An operator will answer shortly.'): ConversationRecord {
    this.store.appendPart(conversation, {
      body,
      bodyJson: {},
      read: false,
      direction: 'a2u',
      type: 'auto_reply',
      sentVia: 'bot',
      attachments: [],
      metaData: {},
      replyType: 'text',
      actions: null,
      externalId: null,
      randomId: 0,
      fromAdminId: this.botOf(conversation.appId),
      fromUserId: null,
      assigneeId: null,
      referrer: null,
    });
    return conversation;
  }

  /** The application's chat bot, made on first use so the seeded data stays as it was. */
  private botOf(appId: Id): Id {
    for (const admin of this.store.admins.values()) if (admin.appId === appId && admin.type === 'bot') return admin.id;
    const id = this.store.nextId();
    this.store.admins.set(id, { id, appId, name: 'Assistant', avatar: '', type: 'bot' });
    return id;
  }

  private recentOpen(appId: Id): ConversationRecord | undefined {
    const index = this.store.conversationIndex(appId);
    const candidates: ConversationRecord[] = [];
    for (let i = index.size - 1; i >= 0 && candidates.length < 20; i--) {
      const c = index.at(i);
      if (!c.closed && c.assistantType === null && c.userReplies > 0) candidates.push(c);
    }
    return candidates.length ? this.rnd.pick(candidates) : undefined;
  }
}
