import type { AccountId } from '../../../shared/accounts';
import type { Id } from '../../../shared/api/types';
import type { Attention } from './agent-attention';
import type { ContractHandlers } from '../contract/contract-dispatch';

/** What an adapter sees of one page: Electron's window, or a tab of the browser host. */
export interface PageSight {
  visible: boolean;
  focused: boolean;
}

/** A conversation open in a page, named by its account. */
export interface ShownConversation {
  accountId: AccountId;
  conversationId: Id;
}

/** Where what the pages show goes: every workspace (through the accounts), or one in tests. */
export interface AttentionTarget {
  setAttention(change: Partial<Attention>): void;
  /** The conversation open in the page in front of the agent; null while no page is in front. */
  setShown(shown: ShownConversation | null): void;
}

interface Page {
  sight: PageSight;
  shown: ShownConversation | null;
  /** When the page last came in front: of two pages that say they are, the later wins. */
  frontSince: number;
}

const UNSEEN: PageSight = { visible: false, focused: false };

/**
 * The one model of what the agent sees of Perch, whatever shows it. Adapters report each page
 * they know (`seen`, `left`): Electron its window's focus and visibility, the browser host what
 * each tab says of its visibility and focus, and its socket closing. The conversation a page has
 * open is what that page opened through the contract (`contractFor`). A page is in front only
 * while it is visible and focused; only the conversation open in the page in front is looked at
 * (AgentAttention adds the screen's lock, idle and sleep). A page nobody has reported on, a
 * page that has left and a page loading anew show nothing.
 */
export class PageAttention {
  private readonly pages = new Map<unknown, Page>();
  private moves = 0;
  private applied: { focused: boolean; visible: boolean; shown: ShownConversation | null } | null = null;

  constructor(private readonly target: AttentionTarget) {
    this.apply();
  }

  /** What the adapter sees of a page now; a page not known yet starts here. */
  seen(page: unknown, sight: Partial<PageSight>): void {
    const known = this.pageOf(page);
    const before = inFront(known.sight);
    known.sight = { ...known.sight, ...sight };
    if (inFront(known.sight) && !before) known.frontSince = ++this.moves;
    this.apply();
  }

  /** The conversation a page has open (null: none, e.g. a page loading anew). */
  showing(page: unknown, shown: ShownConversation | null): void {
    this.pageOf(page).shown = shown;
    this.apply();
  }

  /**
   * The page is gone (its tab closed, its window destroyed): it shows nothing any more. Returns
   * the account whose conversation it had open when no other page shows one of that account's,
   * so the caller can stop following it.
   */
  left(page: unknown): AccountId | null {
    const shown = this.pages.get(page)?.shown ?? null;
    this.pages.delete(page);
    this.apply();
    if (!shown) return null;
    const stillShown = [...this.pages.values()].some((p) => p.shown?.accountId === shown.accountId);
    return stillShown ? null : shown.accountId;
  }

  /** The contract as one page calls it: the conversation it opens or leaves is noted for that page. */
  contractFor<H extends Partial<ContractHandlers>>(page: unknown, handlers: H): H {
    const open = handlers['conversation:open'];
    const leave = handlers['conversation:leave'];
    return {
      ...handlers,
      ...(open && {
        // Noted before the read, so a slower answer for an earlier click cannot take the agent's attention back.
        'conversation:open': (accountId: AccountId, conversationId: Id) => {
          this.showing(page, { accountId, conversationId });
          return open(accountId, conversationId);
        },
      }),
      ...(leave && {
        'conversation:leave': (accountId: AccountId) => {
          if (this.pages.get(page)?.shown?.accountId === accountId) this.showing(page, null);
          return leave(accountId);
        },
      }),
    };
  }

  private pageOf(page: unknown): Page {
    let known = this.pages.get(page);
    if (!known) {
      known = { sight: UNSEEN, shown: null, frontSince: 0 };
      this.pages.set(page, known);
    }
    return known;
  }

  /** Tells the target what changed, and only that: a focus that did not change asks for no poll. */
  private apply(): void {
    let front: Page | null = null;
    let visible = false;
    for (const page of this.pages.values()) {
      visible ||= page.sight.visible;
      if (inFront(page.sight) && (!front || page.frontSince > front.frontSince)) front = page;
    }
    const now = { focused: front !== null, visible, shown: front?.shown ?? null };
    const before = this.applied;
    this.applied = now;
    if (!before || before.focused !== now.focused || before.visible !== now.visible)
      this.target.setAttention({ windowFocused: now.focused, windowVisible: now.visible });
    if (!before || !sameShown(before.shown, now.shown)) this.target.setShown(now.shown);
  }
}

const inFront = (sight: PageSight) => sight.visible && sight.focused;

const sameShown = (a: ShownConversation | null, b: ShownConversation | null) =>
  a === b || (a !== null && b !== null && a.accountId === b.accountId && a.conversationId === b.conversationId);
