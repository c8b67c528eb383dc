import { NotSavedError } from '../storage/json-file';
import { accountIdSchema } from '../../../shared/account-id-schema';
import { INVOKE, WORKSPACE_INVOKE } from '../../../shared/ipc/channels';
import {
  isInvokeChannel,
  isWorkspaceChannel,
  type DeclaredArgs,
  type InvokeArgs,
  type InvokeChannel,
  type InvokeResult,
  type IpcError,
  type IpcResult,
  type SessionChannel,
  type WorkspaceChannel,
} from '../../../shared/ipc/contract';
import { ApiError } from '../api/errors';
import { errorFields, silentLogger } from '../log/logger';
import type { ScopedLog } from '../ports';

export type { SessionChannel, WorkspaceChannel };

/** The whole contract as the renderer calls it: workspace channels name their account first. */
export type ContractHandlers = { [C in InvokeChannel]: (...args: InvokeArgs<C>) => Promise<InvokeResult<C>> };

/** What one account's workspace answers: its channels, without the account. */
export type WorkspaceHandlers = {
  [C in WorkspaceChannel]: (...args: DeclaredArgs<C>) => Promise<InvokeResult<C>>;
};
export const WORKSPACE_CHANNELS = Object.keys(WORKSPACE_INVOKE) as WorkspaceChannel[];

/** A failure a handler reports on purpose, with the code the renderer acts on. */
export class ContractError extends Error {
  constructor(
    readonly code: IpcError['code'],
    message: string,
  ) {
    super(message);
  }
}

function toIpcError(error: unknown): IpcError {
  if (error instanceof ContractError) return { code: error.code, message: error.message };
  if (error instanceof NotSavedError)
    return { code: 'not-saved', message: 'Perch could not save this on this computer' };
  if (error instanceof ApiError) {
    if (error.kind === 'auth') return { code: 'signed-out', message: error.message };
    if (error.kind === 'network' || error.kind === 'timeout') return { code: 'offline', message: error.message };
    if (error.kind === 'not-found') return { code: 'not-found', message: error.message };
    return { code: 'api', message: error.message };
  }
  return { code: 'internal', message: 'Something went wrong in Perch' };
}

/** A channel name fit for a message; anything but a string is named by its type (its toString is not ours to call). */
function describeChannel(channel: unknown): string {
  return typeof channel === 'string' ? channel.slice(0, 64) : `of type ${channel === null ? 'null' : typeof channel}`;
}

/** A workspace channel's arguments are its account, then what the channel declares. */
function parseArgs(channel: InvokeChannel, rawArgs: unknown) {
  if (!isWorkspaceChannel(channel)) return INVOKE[channel].args.safeParse(rawArgs);
  const [account, ...rest] = Array.isArray(rawArgs) ? rawArgs : [];
  const accountId = accountIdSchema.safeParse(account);
  if (!Array.isArray(rawArgs) || !accountId.success)
    return {
      success: false as const,
      error: { issues: [{ path: ['account'], message: 'must be an account of Perch' }] },
    };
  const declared = INVOKE[channel].args.safeParse(rest);
  if (declared.success) return { success: true as const, data: [accountId.data, ...declared.data] };
  // Paths count the arguments as the caller passed them, the account first.
  const issues = declared.error.issues.map((i) => ({
    ...i,
    path: typeof i.path[0] === 'number' ? [i.path[0] + 1, ...i.path.slice(1)] : i.path,
  }));
  return { success: false as const, error: { issues } };
}

/**
 * Runs one invoke from any transport: the channel must exist and the arguments must match
 * its schema before the handler sees them; every outcome is a typed IpcResult.
 */
export async function dispatchInvoke(
  handlers: Partial<ContractHandlers>,
  channel: unknown,
  rawArgs: unknown,
  /** Where a handler's unexpected failure is logged (the adapters pass their scope). */
  log: ScopedLog = silentLogger.scope('ipc'),
): Promise<IpcResult<unknown>> {
  if (!isInvokeChannel(channel) || !handlers[channel])
    return { ok: false, error: { code: 'invalid-arguments', message: `Unknown channel ${describeChannel(channel)}` } };
  try {
    const parsed = parseArgs(channel, rawArgs);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return {
        ok: false,
        error: {
          code: 'invalid-arguments',
          message: `${channel}: ${issue?.path.join('.') || 'arguments'} ${issue?.message ?? 'invalid'}`,
        },
      };
    }
    const handler = handlers[channel] as (...args: unknown[]) => Promise<unknown>;
    return { ok: true, value: await handler(...(parsed.data as unknown[])) };
  } catch (error) {
    if (!(error instanceof ContractError) && !(error instanceof ApiError))
      log.error('a call failed', { channel, ...errorFields(error) });
    return { ok: false, error: toIpcError(error) };
  }
}
