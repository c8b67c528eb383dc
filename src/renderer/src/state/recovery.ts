import { usePerch } from './store';

/**
 * When the sync reports the server reachable again, a conversation that failed to load is
 * loaded again: the agent should not have to notice the network came back.
 */
export function installRecovery(): () => void {
  return usePerch.subscribe((state, previous) => {
    if (state.health !== 'ok' || previous.health === 'ok') return;
    const conversation = state.conversation;
    if (conversation?.error && !conversation.loading) void state.open(conversation.accountId, conversation.id);
  });
}
