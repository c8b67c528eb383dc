import { Emitter } from '../../../shared/emitter';
import type { ProxyCredentials, ProxyPrompt } from '../../../shared/updates';

/**
 * Proxy sign-in: a proxy asking for a password (Chromium's `login` event in Electron) becomes a
 * prompt in the window; the agent's answer goes back to the request that waits. Requests to the
 * same proxy while one prompt is open wait for that one answer. Nothing is kept: the network
 * stack remembers the credentials for the session.
 */
export class ProxySignIn {
  readonly events = new Emitter<{ ask: ProxyPrompt }>();
  private nextId = 1;
  private readonly open = new Map<
    number,
    { prompt: ProxyPrompt; answer: Promise<ProxyCredentials | null>; settle(c: ProxyCredentials | null): void }
  >();

  ask(proxy: { host: string; port: number; realm: string }): Promise<ProxyCredentials | null> {
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
    this.open.set(prompt.id, { prompt, answer, settle });
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
    pending.settle(credentials);
    return true;
  }
}
