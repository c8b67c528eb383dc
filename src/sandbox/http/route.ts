import type { Id } from '../../shared/api/types';
import type { ConversationRecord, Scope, TokenRecord, UserRecord } from '../model';
import type { Presenter } from '../present';
import type { SandboxStore } from '../store';
import { ApiFailure, lookupError, permissionDenied } from './errors';
import type { UploadedFile } from './multipart';
import type { Params } from './params';
import type { Major } from './version';

export interface Reply {
  data: unknown;
  meta?: Record<string, unknown>;
}

export class RouteContext {
  constructor(
    readonly store: SandboxStore,
    readonly present: Presenter,
    readonly params: Params,
    readonly version: Major,
    readonly token: TokenRecord,
    readonly pathId: Id,
    readonly files: Map<string, UploadedFile> = new Map(),
  ) {}

  /** The application in the path must be the token's own. */
  requireApp(appId: Id): void {
    if (!this.store.apps.has(appId)) throw lookupError(`Application ${appId} does not exist`);
    if (appId !== this.token.appId)
      throw permissionDenied(`This token belongs to application ${this.token.appId}, not ${appId}`);
  }

  conversation(id: Id): ConversationRecord {
    const record = this.store.conversations.get(id);
    if (!record) throw lookupError(`Conversation ${id} does not exist`);
    if (record.appId !== this.token.appId) throw permissionDenied(`Conversation ${id} belongs to another application`);
    return record;
  }

  /** A user in the path: the platform ID, or with by_user_id=true the client's own identifier. */
  user(options: { create?: boolean } = {}): UserRecord {
    const byUserId = this.params.bool('by_user_id', false);
    if (byUserId) {
      const raw = this.rawPathId;
      for (const u of this.store.users.values()) if (u.appId === this.token.appId && u.userId === raw) return u;
      if (options.create) return this.store.createUser(this.token.appId, raw);
      throw new ApiFailure(400, 'LookupError', `No user with user_id ${JSON.stringify(raw)}`);
    }
    const record = this.store.users.get(this.pathId);
    if (!record) throw lookupError(`User ${this.rawPathId} does not exist`);
    if (record.appId !== this.token.appId) throw permissionDenied(`User ${this.pathId} belongs to another application`);
    return record;
  }

  /** The path's {id} as sent (by_user_id identifiers need not be numbers). */
  rawPathId = '';

  requireScope(scope: Scope): void {
    if (!this.token.scopes.has(scope))
      throw new ApiFailure(403, 'PermissionDeniedError', `This token lacks the ${scope} scope`);
  }
}

export interface Route {
  method: 'GET' | 'POST' | 'DELETE';
  /** Path without a version prefix; the first group captures the path ID. */
  pattern: RegExp;
  /** Scopes the call needs; a function when they depend on the parameters. */
  scopes: Scope[] | ((params: Params) => Scope[]);
  handle(ctx: RouteContext): Reply | Promise<Reply>;
}
