import type { Attachment, ConversationPart } from '../../src/shared/api/types';

/** A 1×1 PNG. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
  'base64',
);

/** A PNG attachment at `url`, as the platform describes one. */
export function pngAttachment(url: string, id = '1160406004324630990'): Attachment {
  const name = decodeURIComponent(url.split('/').at(-1) ?? 'image.png') || 'image.png';
  return { type: 'file', id, filename: name, mime_type: 'image/png', size: PNG.length, url, created: 1700000000 };
}

/** One part carrying a PNG at each address: only what the images' record reads of a part. */
export function partsWith(...urls: string[]): ConversationPart[] {
  return [{ attachments: urls.map((url) => pngAttachment(url)) } as unknown as ConversationPart];
}
