import { useCallback } from 'react';
import type { AccountId } from '../../../../shared/accounts';
import type { QuickReplyAction } from '../../../../shared/api/types';
import { fillTemplate, type FilledTemplate } from '../../../../shared/reply-template';
import type { SavedReply } from '../../../../shared/saved-replies';
import { useAgentName } from '../accounts/agent-name';
import { usePerch } from '../../store';
import type { ButtonDraft } from './QuickReplies';

/** Names a visitor property other than the name and e-mail, which the row already knows. */
const NEEDS_PROFILE = /\{\{\s*visitor\.(?!name\s*[|}]|email\s*[|}])/;

/**
 * Fills a saved reply's variables for the open conversation: the visitor's name and e-mail
 * from its row, other properties from the visitor's profile (read only when the reply names
 * one), the agent's name from what Perch knows of the account's administrators.
 */
export function useSavedReplyFill(accountId: AccountId, conversationKey: string) {
  const agentName = useAgentName(accountId);
  return useCallback(
    async (reply: SavedReply): Promise<FilledTemplate> => {
      const state = usePerch.getState();
      const row = state.rows.get(conversationKey);
      let props: Record<string, unknown> = {};
      if (row?.visitorId && NEEDS_PROFILE.test(reply.body)) {
        const profile = await state.readVisitor(accountId, row.visitorId);
        if (profile?.ok) props = { ...profile.value.props, ...profile.value.propsCustom };
      }
      return fillTemplate(reply.body, {
        visitor: { name: row?.visitorName, email: row?.visitorEmail ?? (props.$email as string | undefined), props },
        agent: { name: agentName },
      });
    },
    [accountId, conversationKey, agentName],
  );
}

/** A saved reply's buttons as the composer's button editor holds them. */
export function buttonDrafts(buttons: readonly QuickReplyAction[]): ButtonDraft[] {
  return buttons.map((b) => ({
    body: b.body,
    data: Object.entries(b.meta_data ?? {}).map(([key, value]) => ({ key, value: String(value) })),
  }));
}
