import { z } from 'zod';
import { parseJsonLosslessly } from '../../shared/api/ids';
import { storedIdSchema } from '../../shared/api/schemas';
import type { AccountForm, ConnectResult } from '../../shared/ipc/contract';

/** IDs are 64-bit: kept as the decimal text given (a JSON number only while it is exact). */
const positiveId = storedIdSchema;
const accountSchema = z.strictObject({
  baseUrl: z.string().min(1).max(2048),
  token: z.string().min(1).max(4096),
  adminId: positiveId,
  appId: positiveId.optional(),
});

/**
 * The accounts the browser host connects at start: `PERCH_ACCOUNTS`, a JSON array of
 * `{baseUrl, token, adminId, appId?}`, or the single account of `PERCH_BASE_URL`,
 * `PERCH_TOKEN`, `PERCH_ADMIN_ID` (and optional `PERCH_APP_ID`). A malformed value is a
 * sentence for the console, not a crash.
 */
export function accountsFromEnv(env: NodeJS.ProcessEnv): { accounts: AccountForm[]; problem: string | null } {
  if (env.PERCH_ACCOUNTS !== undefined) {
    let raw: unknown;
    try {
      raw = parseJsonLosslessly(env.PERCH_ACCOUNTS);
    } catch {
      return { accounts: [], problem: 'PERCH_ACCOUNTS is not JSON: it must be an array of {baseUrl, token, adminId}' };
    }
    const parsed = z.array(accountSchema).max(20).safeParse(raw);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return {
        accounts: [],
        problem: `PERCH_ACCOUNTS must be an array of {baseUrl, token, adminId, appId?}: ${issue?.path.join('.') || 'value'} ${issue?.message ?? 'is invalid'}`,
      };
    }
    return { accounts: parsed.data, problem: null };
  }
  if (env.PERCH_BASE_URL && env.PERCH_TOKEN && env.PERCH_ADMIN_ID) {
    const single = accountSchema.safeParse({
      baseUrl: env.PERCH_BASE_URL,
      token: env.PERCH_TOKEN,
      adminId: env.PERCH_ADMIN_ID,
      ...(env.PERCH_APP_ID ? { appId: env.PERCH_APP_ID } : {}),
    });
    if (!single.success)
      return { accounts: [], problem: 'PERCH_ADMIN_ID and PERCH_APP_ID must be whole numbers written in digits' };
    return { accounts: [single.data], problem: null };
  }
  return { accounts: [], problem: null };
}

/** Connects the accounts the environment names, one after another; returns what went wrong, as sentences. */
export async function connectAccountsFromEnv(
  target: { connect(form: AccountForm): Promise<ConnectResult> },
  env: NodeJS.ProcessEnv,
): Promise<string[]> {
  const { accounts, problem } = accountsFromEnv(env);
  const problems = problem ? [problem] : [];
  for (const account of accounts) {
    const result = await target.connect(account);
    if (!result.ok) problems.push(`could not connect ${account.baseUrl} (${result.failure}): ${result.detail}`);
  }
  return problems;
}
