import type { AccountId } from '../../../../shared/accounts';
import type { Id } from '../../../../shared/api/types';
import type { PropEdit } from '../../../../shared/directory';
import type { InvokeResult, IpcResult } from '../../../../shared/ipc/contract';
import { mainApi } from '../../main-api';

type Answer<C extends 'visitor:get' | 'visitor:edit-props' | 'visitor:unsubscribe'> = Promise<IpcResult<
  InvokeResult<C>
> | null>;

/** The store's actions on a visitor's profile (null: the store has not connected yet). */
export interface VisitorActions {
  readVisitor(accountId: AccountId, id: Id): Answer<'visitor:get'>;
  editVisitorProps(accountId: AccountId, id: Id, edits: PropEdit[]): Answer<'visitor:edit-props'>;
  unsubscribeVisitor(accountId: AccountId, id: Id): Answer<'visitor:unsubscribe'>;
}

export function visitorActions(): VisitorActions {
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
  };
}
