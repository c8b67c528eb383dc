import { LIMITS } from './api/types';

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

/** Files a visitor can open safely: documents, images, archives. Never programs or pages that run script. */
const BLOCKED_EXTENSIONS = new Set([
  'exe', 'msi', 'bat', 'cmd', 'com', 'scr', 'pif', 'cpl', 'ps1', 'psm1', 'vbs', 'vbe', 'js', 'jse', 'wsf', 'wsh', 'hta', 'jar',
  'sh', 'bash', 'zsh', 'command', 'app', 'dmg', 'pkg', 'deb', 'rpm', 'apk', 'appimage', 'lnk', 'reg', 'dll', 'so', 'dylib',
  'html', 'htm', 'xhtml', 'svg', 'mht', 'mhtml',
]);
const BLOCKED_TYPES = [/^application\/(x-msdownload|x-msdos-program|x-sh|x-executable|javascript|x-javascript|java-archive|xhtml\+xml)$/, /^text\/(html|javascript)$/, /^image\/svg\+xml$/];

/** Path separators would let a name climb out of a folder; control characters hide what a name says. */
const hasControlOrPath = (name: string) => [...name].some((ch) => ch === '/' || ch === '\\' || ch.charCodeAt(0) < 32);

export type AttachmentProblem = 'empty' | 'too-big' | 'name' | 'type';

/** Why a file cannot be sent, checked before it is queued (in the renderer and again in main). */
export function attachmentProblem(file: { name: string; type: string; size: number }): AttachmentProblem | null {
  if (file.size === 0) return 'empty';
  if (file.size > ATTACHMENT_MAX_BYTES) return 'too-big';
  const name = file.name.trim();
  if (!name || name.length > LIMITS.attachmentFileNameMax || hasControlOrPath(name)) return 'name';
  const extension = /\.([^.]+)$/.exec(name)?.[1]?.toLowerCase();
  if (extension && BLOCKED_EXTENSIONS.has(extension)) return 'type';
  if (BLOCKED_TYPES.some((pattern) => pattern.test(file.type.toLowerCase()))) return 'type';
  return null;
}

/** The decoded size of a base64 string, without decoding it. */
export function base64Size(data: string): number {
  const padding = data.endsWith('==') ? 2 : data.endsWith('=') ? 1 : 0;
  return Math.floor((data.length * 3) / 4) - padding;
}
