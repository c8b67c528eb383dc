import { useCallback } from 'react';
import type { AccountId, ConversationKey } from '../../../../shared/accounts';
import type { QuickReplyAction } from '../../../../shared/api/types';
import { fillTemplate, type FilledTemplate } from '../../../../shared/reply-template';
import type { SavedReply } from '../../../../shared/saved-replies';
import { useAgentName } from '../accounts/index';
import { usePerch } from '../../store';
import type { ButtonDraft } from './QuickReplies';

/** Names a visitor property other than the name and e-mail, which the row already knows. */
const NEEDS_PROFILE = /\{\{\s*visitor\.(?!name\s*[|}]|email\s*[|}])/;

/**
 * Fills a saved reply's variables for the open conversation: the visitor's name and e-mail
 * from its row, other properties from the visitor's profile (read only when the reply names
 * one), the agent's name from what Perch knows of the account's administrators.
 */
export function useSavedReplyFill(accountId: AccountId, conversationKey: ConversationKey) {
  const agentName = useAgentName(accountId);
  const visitorOfConversation = usePerch((s) => s.visitorOfConversation);
  return useCallback(
    async (reply: SavedReply): Promise<FilledTemplate> => {
      const visitor = await visitorOfConversation(conversationKey, NEEDS_PROFILE.test(reply.body));
      return fillTemplate(reply.body, { visitor, agent: { name: agentName } });
    },
    [conversationKey, agentName, visitorOfConversation],
  );
}

/** A saved reply's buttons as the composer's button editor holds them. */
export function buttonDrafts(buttons: readonly QuickReplyAction[]): ButtonDraft[] {
  return buttons.map((b) => ({
    body: b.body,
    data: Object.entries(b.meta_data ?? {}).map(([key, value]) => ({ key, value: String(value) })),
  }));
}
