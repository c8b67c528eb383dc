import { z } from 'zod';
import { ACCOUNT_ID_PATTERN } from './accounts';

/**
 * An account ID where one crosses a boundary (IPC arguments, the settings file). Apart from
 * accounts.ts so the renderer, which only builds and compares IDs, does not load zod.
 */
export const accountIdSchema = z.string().regex(ACCOUNT_ID_PATTERN, 'must be an account of Perch');
