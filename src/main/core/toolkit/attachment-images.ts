import { mimeEssence } from '../../../shared/attachments';
import { readAtMost } from '../network/read-at-most';
import { IMAGE_PREVIEW_MAX_BYTES, imageTypeOf, SHOWN_IMAGE_TYPES } from '../../../shared/images';
import { safeExternalUrl } from '../../../shared/links';
import { isLoopback } from '../accounts/connection-check';
import { ContractError } from '../contract/contract-dispatch';

export type FetchBytes = (url: string, signal: AbortSignal) => Promise<Response>;

const TIMEOUT_MS = 15_000;

/**
 * An image attached to a message, read by main and handed to the window as a `data:` address
 * (the only kind the window's CSP loads besides its own files). Read only from a link Perch
 * would open (links.ts), over https (plain http only to this computer, and only for an account
 * that lives there), without the token or
 * any cookie, following no redirect; only PNG, JPEG, GIF and WebP whose bytes say so, up to 10 MB.
 */
export async function readAttachmentImage(
  raw: string,
  { loopback = false, fetchBytes = defaultFetch }: { loopback?: boolean; fetchBytes?: FetchBytes } = {},
): Promise<string> {
  const url = safeExternalUrl(raw);
  if (!url || !(url.protocol === 'https:' || (loopback && isLoopback(url.hostname))))
    throw new ContractError('invalid-arguments', 'Images are read only from https addresses');
  const signal = AbortSignal.timeout(TIMEOUT_MS);
  let response: Response;
  try {
    response = await fetchBytes(url.toString(), signal);
  } catch {
    throw new ContractError('offline', 'The image could not be reached');
  }
  const type = mimeEssence(response.headers.get('content-type') ?? '');
  const length = Number(response.headers.get('content-length') ?? 0);
  if (!response.ok || !(SHOWN_IMAGE_TYPES as readonly string[]).includes(type) || length > IMAGE_PREVIEW_MAX_BYTES) {
    await response.body?.cancel().catch(() => {});
    throw new ContractError('api', 'This address gives no image Perch shows');
  }
  const bytes = await readAtMost(response, IMAGE_PREVIEW_MAX_BYTES);
  const actual = bytes && imageTypeOf(bytes);
  if (!bytes || actual !== type) throw new ContractError('api', 'This address gives no image Perch shows');
  return `data:${type};base64,${Buffer.from(bytes).toString('base64')}`;
}

const defaultFetch: FetchBytes = (url, signal) =>
  fetch(url, { redirect: 'error', credentials: 'omit', signal, headers: { accept: SHOWN_IMAGE_TYPES.join(', ') } });
