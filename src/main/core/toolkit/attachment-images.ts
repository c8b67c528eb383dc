import { Agent, fetch as undiciFetch, type Dispatcher } from 'undici';
import type { ConversationPart } from '../../../shared/api/types';
import { mimeEssence } from '../../../shared/attachments';
import { IMAGE_PREVIEW_MAX_BYTES, imageTypeOf, isShownImage, SHOWN_IMAGE_TYPES } from '../../../shared/images';
import { safeExternalUrl } from '../../../shared/links';
import { isLoopback } from '../network/loopback';
import { ContractError } from '../contract/contract-dispatch';
import {
  isPrivateAddressError,
  literalRefusal,
  publicOnlyAgent,
  systemResolveAll,
  type ResolveAll,
} from '../network/public-only-agent';
import { readAtMost } from '../network/read-at-most';
import { Turns } from '../network/turns';

export type FetchBytes = (url: string, signal: AbortSignal) => Promise<Response>;

const TIMEOUT_MS = 15_000;
/** Image addresses remembered per account: far more than any screen of conversations shows. */
export const REMEMBERED_IMAGES = 2000;
/** Images read at once per account: a message with 200 images does not open 200 connections. */
export const PARALLEL_IMAGE_READS = 4;

const NOT_RECEIVED = 'Perch reads only images attached to messages of this account';
const NOT_HTTPS = 'Images are read only from https addresses';
const PRIVATE = 'Images are not read from addresses inside a private network';
const NO_IMAGE = 'This address gives no image Perch shows';

export interface AttachmentImagesOptions {
  /** The account's API address: an account on this computer may have its files here too. */
  baseUrl: string;
  /** How the bytes are asked for (tests count and hold reads); by default undici's fetch. */
  fetchBytes?: FetchBytes;
  /** How host names are resolved before a connection (tests answer for made-up names). */
  resolve?: ResolveAll;
  remembered?: number;
  parallel?: number;
}

/**
 * The images attached to one account's messages, read by main and handed to the window as
 * `data:` addresses (the only kind the window's CSP loads besides its own files).
 *
 * Main reads only an address the account's own messages carried: every part handed to the
 * window is `received` here first, and the window can ask for nothing else, so a window that
 * went wrong cannot make main fetch an address of its choosing. Read over https (plain http
 * only to this computer, and only for an account that lives there), without the token or any
 * cookie, following no redirect; only PNG, JPEG, GIF and WebP whose bytes say so, up to 10 MB.
 * For an account elsewhere nothing is read from this computer or a private network: not from
 * a host written as such an address, nor from a name that resolves to one (checked in the
 * connection's own lookup, so the address checked is the address connected to). At most four
 * reads at a time; the others wait their turn in order.
 */
export class AttachmentImages {
  private readonly received = new Set<string>();
  private readonly turns: Turns;
  private readonly pending = new Map<string, Promise<string>>();
  private readonly local: boolean;
  private readonly dispatcher: Dispatcher | null;
  private readonly fetchBytes: FetchBytes;

  constructor(private readonly options: AttachmentImagesOptions) {
    this.local = isLoopback(URL.parse(options.baseUrl)?.hostname ?? '');
    this.turns = new Turns(options.parallel ?? PARALLEL_IMAGE_READS);
    if (options.fetchBytes) {
      this.dispatcher = null;
      this.fetchBytes = options.fetchBytes;
    } else {
      this.dispatcher = this.local ? new Agent() : publicOnlyAgent(options.resolve ?? systemResolveAll);
      this.fetchBytes = fetchWith(this.dispatcher);
    }
  }

  /** Parts handed to the window: their images become addresses main may read. */
  receive(parts: readonly ConversationPart[]): void {
    const max = this.options.remembered ?? REMEMBERED_IMAGES;
    for (const part of parts)
      for (const file of part.attachments) {
        if (!isShownImage(file) || !file.url) continue;
        // Seen again, it counts as new: the oldest addresses are the ones forgotten.
        this.received.delete(file.url);
        this.received.add(file.url);
      }
    for (const oldest of this.received) {
      if (this.received.size <= max) break;
      this.received.delete(oldest);
    }
  }

  /** The image at `raw` as a `data:` address, after every check; the same address asked twice is read once. */
  read(raw: string): Promise<string> {
    if (!this.received.has(raw)) return Promise.reject(new ContractError('invalid-arguments', NOT_RECEIVED));
    const url = safeExternalUrl(raw);
    if (!url || !(url.protocol === 'https:' || (this.local && isLoopback(url.hostname))))
      return Promise.reject(new ContractError('invalid-arguments', NOT_HTTPS));
    if (!this.local && literalRefusal(url.hostname))
      return Promise.reject(new ContractError('invalid-arguments', PRIVATE));
    let reading = this.pending.get(raw);
    if (!reading) {
      reading = this.turns.run(() => this.fetchImage(url)).finally(() => this.pending.delete(raw));
      this.pending.set(raw, reading);
    }
    return reading;
  }

  /** Reads started and waiting, for the tests that count them. */
  get load() {
    return this.turns.load;
  }

  /** The account stops: reads under way end at once rather than holding the stop up. */
  async close(): Promise<void> {
    await this.dispatcher?.destroy().catch(() => {});
  }

  private async fetchImage(url: URL): Promise<string> {
    // The time runs from the read's turn, not from when it was asked for.
    const signal = AbortSignal.timeout(TIMEOUT_MS);
    let response: Response;
    try {
      response = await this.fetchBytes(url.toString(), signal);
    } catch (error) {
      if (isPrivateAddressError(error)) throw new ContractError('invalid-arguments', PRIVATE);
      throw new ContractError('offline', 'The image could not be reached');
    }
    const type = mimeEssence(response.headers.get('content-type') ?? '');
    const length = Number(response.headers.get('content-length') ?? 0);
    if (!response.ok || !(SHOWN_IMAGE_TYPES as readonly string[]).includes(type) || length > IMAGE_PREVIEW_MAX_BYTES) {
      await response.body?.cancel().catch(() => {});
      throw new ContractError('api', NO_IMAGE);
    }
    const bytes = await readAtMost(response, IMAGE_PREVIEW_MAX_BYTES).catch(() => {
      throw new ContractError('offline', 'The image could not be reached');
    });
    const actual = bytes && imageTypeOf(bytes);
    if (!bytes || actual !== type) throw new ContractError('api', NO_IMAGE);
    return `data:${type};base64,${Buffer.from(bytes).toString('base64')}`;
  }
}

/** undici's fetch through the given dispatcher: no redirect, no credentials, only the shown types. */
function fetchWith(dispatcher: Dispatcher): FetchBytes {
  return async (url, signal) =>
    (await undiciFetch(url, {
      dispatcher,
      redirect: 'error',
      credentials: 'omit',
      signal,
      headers: { accept: SHOWN_IMAGE_TYPES.join(', ') },
    })) as unknown as Response;
}
