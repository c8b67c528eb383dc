import { Emitter } from '../../../shared/emitter';
import type { ProxyCredentials, ProxyPrompt } from '../../../shared/updates';
import type { ProxyCredentialSource } from '../ports';
import type { ProxyAddress } from './tunnel-agent';

const keyOf = (proxy: ProxyAddress) => `${proxy.host}:${proxy.port}`;

/** How long a cancelled proxy prompt keeps requests from asking again. */
export const DECLINED_FOR_MS = 2 * 60_000;

/**
 * Proxy sign-in: a proxy asking for a password (Chromium's `login` event in Electron) becomes a
 * prompt in the window; the agent's answer goes back to the request that waits. Requests to the
 * same proxy while one prompt is open wait for that one answer. The answer is kept in memory
 * only, for the realtime tunnel (Chromium keeps its own copy for the session); never on disk.
 */
export class ProxySignIn implements ProxyCredentialSource {
  readonly events = new Emitter<{ ask: ProxyPrompt }>();
  private nextId = 1;
  private readonly given = new Map<string, ProxyCredentials>();
  /** Proxies whose prompt the agent cancelled, and when: not asked again for a while. */
  private readonly declined = new Map<string, number>();

  constructor(private readonly now: () => number = Date.now) {}
  private readonly open = new Map<
    number,
    {
      prompt: ProxyPrompt;
      answer: Promise<ProxyCredentials | null>;
      settle(c: ProxyCredentials | null): void;
      basic: boolean;
    }
  >();

  /**
   * For the realtime tunnel: what the agent gave for this proxy, or, once the proxy has refused
   * (407), a new prompt. Null: go on without.
   */
  async credentials(proxy: ProxyAddress & { realm: string }, refused: boolean): Promise<ProxyCredentials | null> {
    if (!refused) return this.given.get(keyOf(proxy)) ?? null;
    if (this.recentlyDeclined(proxy)) return null;
    return this.ask({ ...proxy, scheme: 'basic' });
  }

  /**
   * The agent cancelled this proxy's prompt less than DECLINED_FOR_MS ago: requests meeting it
   * fail without asking, so a proxy refusing every poll does not bring the dialog back each time.
   */
  recentlyDeclined(proxy: ProxyAddress): boolean {
    const at = this.declined.get(keyOf(proxy));
    return at !== undefined && this.now() - at < DECLINED_FOR_MS;
  }

  /**
   * Asks the agent for this proxy's name and password (`scheme` as the proxy asked: only a Basic
   * answer is kept for the realtime tunnel, which speaks Basic alone; a password given for NTLM
   * or Negotiate must never travel as Basic).
   */
  ask(proxy: { host: string; port: number; realm: string; scheme?: string }): Promise<ProxyCredentials | null> {
    for (const pending of this.open.values())
      if (pending.prompt.host === proxy.host && pending.prompt.port === proxy.port) return pending.answer;
    const prompt: ProxyPrompt = {
      id: this.nextId++,
      host: proxy.host,
      port: proxy.port,
      realm: proxy.realm.slice(0, 200),
    };
    let settle: (c: ProxyCredentials | null) => void = () => {};
    const answer = new Promise<ProxyCredentials | null>((resolve) => (settle = resolve));
    this.open.set(prompt.id, { prompt, answer, settle, basic: proxy.scheme?.toLowerCase() === 'basic' });
    this.events.emit('ask', prompt);
    return answer;
  }

  /** The prompts still waiting (a window loaded anew shows them again). */
  pending(): ProxyPrompt[] {
    return [...this.open.values()].map((p) => p.prompt);
  }

  /** The agent's answer (null: cancelled). False when no such prompt waits. */
  answer(id: number, credentials: ProxyCredentials | null): boolean {
    const pending = this.open.get(id);
    if (!pending) return false;
    this.open.delete(id);
    const key = keyOf(pending.prompt);
    if (credentials) {
      if (pending.basic) this.given.set(key, credentials);
      else this.given.delete(key);
      this.declined.delete(key);
    } else {
      this.given.delete(key);
      this.declined.set(key, this.now());
    }
    pending.settle(credentials);
    return true;
  }
}
