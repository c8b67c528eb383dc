import { usePerch } from '../store';

/**
 * When the sync reports the server reachable again, a conversation that failed to load is
 * loaded again: the agent should not have to notice the network came back.
 */
export function installRecovery(): () => void {
  return usePerch.subscribe((state, previous) => {
    const conversation = state.conversation;
    // The open conversation's own account: another account waiting for a sign-in does not hold it back.
    const healthOf = (s: typeof state) => (conversation ? s.statuses[conversation.accountId]?.health : undefined);
    if (healthOf(state) !== 'ok' || healthOf(previous) === 'ok') return;
    if (conversation?.error && !conversation.missing && !conversation.loading)
      void state.open(conversation.accountId, conversation.id);
  });
}
