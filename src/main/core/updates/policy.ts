import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import type { UpdateChannel } from './feed';

/**
 * An administrator's update policy: a JSON file in Perch's resources or a system folder
 * (the first found wins). What it sets wins over the agent's choices.
 *
 *   { "updates": { "enabled": false } }
 *   { "updates": { "channel": "stable", "feedUrl": "https://updates.example.com/perch/" } }
 */
const httpsUrl = z
  .string()
  .max(2048)
  .refine((value) => {
    try {
      const url = new URL(value);
      return url.protocol === 'https:' || ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
    } catch {
      return false;
    }
  }, 'must be an https address');

export const updatePolicySchema = z.strictObject({
  updates: z
    .strictObject({
      enabled: z.boolean().optional(),
      channel: z.enum(['stable', 'beta']).optional(),
      autoDownload: z.boolean().optional(),
      feedUrl: httpsUrl.optional(),
    })
    .optional(),
});

export interface UpdatePolicy {
  enabled?: boolean;
  channel?: UpdateChannel;
  autoDownload?: boolean;
  feedUrl?: string;
  /** Where the policy was read from (null: no file). */
  source: string | null;
  /** The file exists but is not a valid policy: updates stay off until it is mended. */
  damaged: boolean;
}

export const NO_POLICY: UpdatePolicy = { source: null, damaged: false };

/** The policy of the first of `paths` that exists; a file that cannot be read as one turns checks off. */
export async function loadUpdatePolicy(paths: readonly string[]): Promise<UpdatePolicy> {
  for (const path of paths) {
    let text: string;
    try {
      text = await readFile(path, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
      return { source: path, damaged: true, enabled: false };
    }
    try {
      const parsed = updatePolicySchema.safeParse(JSON.parse(text));
      if (!parsed.success) return { source: path, damaged: true, enabled: false };
      return { ...parsed.data.updates, source: path, damaged: false };
    } catch {
      return { source: path, damaged: true, enabled: false };
    }
  }
  return NO_POLICY;
}

/**
 * The policy file's places: the system's folder (only administrators can write there), then
 * beside Perch's resources. Windows has no such folder by default: any user may create
 * `%ProgramData%\\Perch` and so set every user's policy, feed included; there only the
 * resources of the installed app count (Program Files, written by the installer).
 */
export function updatePolicyPaths(resourcesDir: string, platform: string) {
  const name = 'perch-policy.json';
  const system =
    platform === 'win32'
      ? []
      : platform === 'darwin'
        ? [`/Library/Application Support/Perch/${name}`]
        : [`/etc/perch/${name}`];
  return [...system, `${resourcesDir}/${name}`];
}
