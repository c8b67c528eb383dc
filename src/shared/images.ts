import type { Attachment } from './api/types';
import { mimeEssence } from './attachments';

/**
 * The image types Perch shows in the conversation: raster formats only (an SVG can carry
 * script), each recognised by its first bytes as well as by the type the server names.
 */
export const SHOWN_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
export const IMAGE_PREVIEW_MAX_BYTES = 10 * 1024 * 1024;

export function isShownImage(file: Pick<Attachment, 'mime_type' | 'size'>): boolean {
  return (
    (SHOWN_IMAGE_TYPES as readonly string[]).includes(mimeEssence(file.mime_type ?? '')) &&
    file.size <= IMAGE_PREVIEW_MAX_BYTES
  );
}

/** The type the bytes themselves say, or null when they are none of the shown ones. */
export function imageTypeOf(bytes: Uint8Array): (typeof SHOWN_IMAGE_TYPES)[number] | null {
  const starts = (...sig: number[]) => sig.every((b, i) => bytes[i] === b);
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  if (starts(0xff, 0xd8, 0xff)) return 'image/jpeg';
  if (starts(0x47, 0x49, 0x46, 0x38)) return 'image/gif';
  if (starts(0x52, 0x49, 0x46, 0x46) && bytes[8] === 0x57 && bytes[9] === 0x45 && bytes[10] === 0x42)
    return 'image/webp';
  return null;
}
