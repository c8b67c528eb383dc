import { describe, expect, it } from 'vitest';
import { AgentAttention } from '../../../src/main/core/attention/agent-attention';

describe('AgentAttention: the agent is looking only at an open conversation in a focused, visible window', () => {
  it('looks at the open conversation only once a window is said to be focused and visible', () => {
    const attention = new AgentAttention();
    attention.setOpenConversation('7');
    expect(attention.lookingAt()).toBeNull();
    attention.update({ windowFocused: true, windowVisible: true });
    expect(attention.lookingAt()).toBe('7');
  });

  it('looks at nothing while the window is hidden in the tray, unfocused or the machine sleeps', () => {
    const attention = new AgentAttention();
    attention.update({ windowFocused: true, windowVisible: true });
    attention.setOpenConversation('7');
    attention.update({ windowVisible: false });
    expect(attention.lookingAt()).toBeNull();
    attention.update({ windowVisible: true, windowFocused: false });
    expect(attention.lookingAt()).toBeNull();
    attention.update({ windowFocused: true, suspended: true });
    expect(attention.lookingAt()).toBeNull();
    // A locked or unused screen: nobody is reading.
    attention.update({ suspended: false, idle: true });
    expect(attention.lookingAt()).toBeNull();
    attention.update({ idle: false });
    expect(attention.lookingAt()).toBe('7');
    expect(attention.open).toBe('7');
  });

  it('announces when the agent starts looking at a conversation, once', () => {
    const attention = new AgentAttention();
    const looking: (string | null)[] = [];
    attention.events.on('looking', (id) => looking.push(id));
    attention.update({ windowVisible: true });
    attention.setOpenConversation('3');
    expect(looking).toEqual([]);
    attention.update({ windowFocused: true });
    attention.update({ onBattery: true });
    expect(looking).toEqual(['3']);
    attention.setOpenConversation('4');
    expect(looking).toEqual(['3', '4']);
  });
});
