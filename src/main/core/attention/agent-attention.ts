import type { Id } from '../../../shared/api/types';
import { Emitter } from '../../../shared/emitter';
import { DEFAULT_CADENCE, type CadenceInputs } from './cadence';

/** What the adapters know about the agent's attention and the machine. */
export interface Attention extends CadenceInputs {
  osDoNotDisturb: boolean;
}

/**
 * The one place that decides whether the agent is looking at a conversation: it is open in the
 * page in front of the agent (PageAttention: Electron's window or a browser tab, visible and
 * focused), on a screen that is unlocked and in use (not idle). Only then does the conversation
 * count as read as it changes, and only then does the notification policy hold back its
 * notifications. Hidden in the tray, in a tab put away or closed, an open conversation is like
 * any other; nothing is seen until an adapter says a page is.
 */
export class AgentAttention {
  readonly events = new Emitter<{ changed: Attention; looking: Id; open: Id | null }>();
  private state: Attention = { ...DEFAULT_CADENCE, osDoNotDisturb: false };
  private openConversation: Id | null = null;

  get current(): Attention {
    return this.state;
  }

  /** This account's conversation open in the page in front of the agent (PageAttention), else null. */
  get open(): Id | null {
    return this.openConversation;
  }

  lookingAt(): Id | null {
    return this.windowSeen() ? this.openConversation : null;
  }

  /** A page of Perch is in front of the agent: focused, visible, the screen unlocked and in use. */
  windowSeen(): boolean {
    const { windowFocused, windowVisible, suspended, idle } = this.state;
    return windowFocused && windowVisible && !suspended && !idle;
  }

  update(change: Partial<Attention>): void {
    const before = this.lookingAt();
    this.state = { ...this.state, ...change };
    this.events.emit('changed', this.state);
    this.announce(before);
  }

  setOpenConversation(id: Id | null): void {
    const before = this.lookingAt();
    this.openConversation = id;
    this.events.emit('open', id);
    this.announce(before);
  }

  /** The agent has just started looking at a conversation: what it shows now is read. */
  private announce(before: Id | null): void {
    const now = this.lookingAt();
    if (now !== null && now !== before) this.events.emit('looking', now);
  }
}
