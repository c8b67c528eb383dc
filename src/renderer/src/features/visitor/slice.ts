import type { AccountId, ConversationKey } from '../../../../shared/accounts';
import type { Id } from '../../../../shared/api/types';
import type { PropEdit } from '../../../../shared/directory';
import type { AccountRow, InvokeResult, IpcResult } from '../../../../shared/ipc/contract';
import { mainApi } from '../../main-api';

type Answer<C extends 'visitor:get' | 'visitor:edit-props' | 'visitor:unsubscribe'> = Promise<IpcResult<
  InvokeResult<C>
> | null>;

/** The store's slice of visitors' profiles: actions only (null: the store has not connected yet). */
export interface VisitorSlice {
  readVisitor(accountId: AccountId, id: Id): Answer<'visitor:get'>;
  editVisitorProps(accountId: AccountId, id: Id, edits: PropEdit[]): Answer<'visitor:edit-props'>;
  unsubscribeVisitor(accountId: AccountId, id: Id): Answer<'visitor:unsubscribe'>;
  /**
   * What a saved reply may name of a conversation's visitor: the name and e-mail its row knows,
   * and their properties, read from their profile only when asked for.
   */
  visitorOfConversation(key: ConversationKey, withProps: boolean): Promise<TemplateVisitor>;
}

/** A visitor as a saved reply's variables read them. */
export interface TemplateVisitor {
  name: string | undefined;
  email: string | undefined;
  props: Record<string, unknown>;
}

/** The part of the store these actions read. */
interface VisitorStore {
  rows: ReadonlyMap<ConversationKey, AccountRow>;
}

export function visitorSlice(get: () => VisitorStore): VisitorSlice {
  return {
    async readVisitor(accountId, id) {
      return (await mainApi()?.invoke('visitor:get', accountId, id)) ?? null;
    },
    async editVisitorProps(accountId, id, edits) {
      return (await mainApi()?.invoke('visitor:edit-props', accountId, id, edits)) ?? null;
    },
    async unsubscribeVisitor(accountId, id) {
      return (await mainApi()?.invoke('visitor:unsubscribe', accountId, id)) ?? null;
    },
    async visitorOfConversation(key, withProps) {
      const row = get().rows.get(key);
      let props: Record<string, unknown> = {};
      if (row?.visitorId && withProps) {
        const profile = await mainApi()?.invoke('visitor:get', row.accountId, row.visitorId);
        if (profile?.ok) props = { ...profile.value.props, ...profile.value.propsCustom };
      }
      return { name: row?.visitorName, email: row?.visitorEmail ?? (props.$email as string | undefined), props };
    },
  };
}
