import { describe, expect, it } from 'vitest';
import { DECLINED_FOR_MS, ProxySignIn } from '../../../src/main/core/network/proxy-sign-in';
import type { ProxyPrompt } from '../../../src/shared/updates';

const proxy = { host: 'proxy.corp.example', port: 3128, realm: 'Corp' };
const agent = { username: 'agent', password: 'pa55' };

function signInAt(now: { t: number }) {
  const signIn = new ProxySignIn(() => now.t);
  const prompts: ProxyPrompt[] = [];
  signIn.events.on('ask', (prompt) => prompts.push(prompt));
  return { signIn, prompts };
}

describe('proxy sign-in', () => {
  it('keeps a Basic answer for the realtime tunnel, never one given for NTLM or Negotiate', async () => {
    const { signIn, prompts } = signInAt({ t: 0 });
    const ntlm = signIn.ask({ ...proxy, scheme: 'ntlm' });
    signIn.answer(prompts[0]!.id, agent);
    expect(await ntlm).toEqual(agent);
    expect(await signIn.credentials(proxy, false)).toBeNull();

    const basic = signIn.ask({ ...proxy, scheme: 'Basic' });
    signIn.answer(prompts[1]!.id, agent);
    expect(await basic).toEqual(agent);
    expect(await signIn.credentials(proxy, false)).toEqual(agent);
  });

  it('a cancelled prompt is not asked again for a while, by the tunnel or by requests', async () => {
    const now = { t: 1_000_000 };
    const { signIn, prompts } = signInAt(now);
    const first = signIn.ask({ ...proxy, scheme: 'basic' });
    signIn.answer(prompts[0]!.id, null);
    expect(await first).toBeNull();
    expect(signIn.recentlyDeclined(proxy)).toBe(true);
    expect(await signIn.credentials(proxy, true)).toBeNull();
    expect(prompts).toHaveLength(1);

    now.t += DECLINED_FOR_MS;
    expect(signIn.recentlyDeclined(proxy)).toBe(false);
    void signIn.credentials(proxy, true);
    expect(prompts).toHaveLength(2);
  });
});
