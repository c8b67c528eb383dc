import { LIMITS } from './api/types';
import { normalizeFileName } from './text';

/** A file the agent attaches to a reply, as it crosses IPC: base64 keeps every transport the same. */
export interface AttachmentDraft {
  name: string;
  type: string;
  /** The file's bytes, base64-encoded. */
  data: string;
}

/** What the outbox keeps of an attachment: the bytes live in a file of their own, not in the queue. */
export interface AttachmentRef {
  fileId: string;
  name: string;
  type: string;
  size: number;
}

export const ATTACHMENT_MAX_BYTES = LIMITS.fileBytesMax;

const OFFICE = 'application/vnd.openxmlformats-officedocument';
/**
 * What Perch sends to visitors, by extension, with the types a browser may report for it.
 * Images, PDF, plain text and CSV, office documents (the macro-free formats: a .doc, .xls
 * or .docm can carry macros, so those are saved as .docx first) and screen recordings.
 * Archives are not sent: a zip hides what it carries. Anything else, programs and web
 * pages among them, is refused.
 */
const ALLOWED: Record<string, readonly string[]> = {
  png: ['image/png'],
  jpg: ['image/jpeg'],
  jpeg: ['image/jpeg'],
  gif: ['image/gif'],
  webp: ['image/webp'],
  bmp: ['image/bmp', 'image/x-ms-bmp'],
  heic: ['image/heic'],
  heif: ['image/heif'],
  pdf: ['application/pdf'],
  txt: ['text/plain'],
  log: ['text/plain', 'text/x-log'],
  csv: ['text/csv', 'text/plain', 'application/vnd.ms-excel'],
  rtf: ['application/rtf', 'text/rtf'],
  docx: [`${OFFICE}.wordprocessingml.document`],
  xlsx: [`${OFFICE}.spreadsheetml.sheet`],
  pptx: [`${OFFICE}.presentationml.presentation`],
  odt: ['application/vnd.oasis.opendocument.text'],
  ods: ['application/vnd.oasis.opendocument.spreadsheet'],
  odp: ['application/vnd.oasis.opendocument.presentation'],
  mp4: ['video/mp4'],
  webm: ['video/webm'],
  mov: ['video/quicktime'],
};
/** Browsers report these when they do not know a file; the extension decides then. */
const UNKNOWN_TYPES = new Set(['', 'application/octet-stream']);

/** Path separators would let a name climb out of a folder; control characters hide what a name says. */
const hasControlOrPath = (name: string) =>
  [...name].some((ch) => ch === '/' || ch === '\\' || ch.charCodeAt(0) < 32 || ch.charCodeAt(0) === 127);

/** "Text/HTML; charset=utf-8" → "text/html": the type without its parameters. */
export function mimeEssence(type: string): string {
  return (type.split(';')[0] ?? '').trim().toLowerCase();
}

const allowedTypesOf = (name: string) => {
  const extension = /\.([^.]+)$/.exec(name)?.[1]?.toLowerCase();
  return extension && Object.hasOwn(ALLOWED, extension) ? ALLOWED[extension]! : null;
};

export type AttachmentProblem = 'empty' | 'too-big' | 'name' | 'type';

/**
 * Why a file cannot be sent, checked before it is queued (in the renderer and again in
 * main). The name is judged as the file system reads it (see normalizeFileName), and the
 * extension and the reported type must both be on the list.
 */
export function attachmentProblem(file: { name: string; type: string; size: number }): AttachmentProblem | null {
  if (file.size === 0) return 'empty';
  if (file.size > ATTACHMENT_MAX_BYTES) return 'too-big';
  const name = normalizeFileName(file.name);
  if (!name || name.length > LIMITS.attachmentFileNameMax || hasControlOrPath(name)) return 'name';
  const types = allowedTypesOf(name);
  if (!types) return 'type';
  const type = mimeEssence(file.type);
  if (!UNKNOWN_TYPES.has(type) && !types.includes(type)) return 'type';
  return null;
}

/** The name and type that go to the server for a file attachmentProblem passed: cleaned, the type bare (or named from the extension). */
export function cleanAttachment(file: { name: string; type: string }): { name: string; type: string } {
  const name = normalizeFileName(file.name);
  const type = mimeEssence(file.type);
  return { name, type: UNKNOWN_TYPES.has(type) ? (allowedTypesOf(name)?.[0] ?? 'application/octet-stream') : type };
}

/** The decoded size of a base64 string, without decoding it. */
export function base64Size(data: string): number {
  const padding = data.endsWith('==') ? 2 : data.endsWith('=') ? 1 : 0;
  return Math.floor((data.length * 3) / 4) - padding;
}
