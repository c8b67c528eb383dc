import { htmlToText } from '../../../shared/text';
import type { UpdateChannel } from '../../../shared/updates';
import type { FeedFile, FeedRelease } from '../ports';

/**
 * The update feed as electron-updater's generic provider publishes it: `<channel>.yml` beside
 * the installers (`latest.yml`, `beta.yml`; `-mac` and `-linux` suffixes on those systems).
 * Only the fields Perch reads are parsed, from the small YAML subset electron-builder writes.
 */
export type { FeedFile, FeedRelease, UpdateChannel };

export class FeedError extends Error {
  override readonly name = 'FeedError';
}

/** The file a channel's latest release is described in, as electron-updater names it. */
export function channelFileName(channel: UpdateChannel, platform: string): string {
  const base = channel === 'beta' ? 'beta' : 'latest';
  if (platform === 'darwin') return `${base}-mac.yml`;
  if (platform === 'linux') return `${base}-linux.yml`;
  return `${base}.yml`;
}

type Scalar = string | number | boolean | null;
type Node = Scalar | Node[] | { [key: string]: Node };

/** Parses a release description; throws FeedError when it is not one. */
export function parseFeed(text: string): FeedRelease {
  if (text.length > 1_000_000) throw new FeedError('The feed file is too large');
  const doc = parseBlock(text.replace(/\r\n?/g, '\n').split('\n'), { index: 0 }, 0);
  if (doc === null || typeof doc !== 'object' || Array.isArray(doc)) throw new FeedError('The feed is not a mapping');
  const version = doc.version;
  if (typeof version !== 'string' && typeof version !== 'number') throw new FeedError('The feed names no version');
  const versionText = String(version);
  if (!parseVersion(versionText)) throw new FeedError('The feed version is not a version');
  const files = Array.isArray(doc.files) ? doc.files.flatMap(fileOf) : [];
  if (files.length === 0 && typeof doc.path === 'string' && typeof doc.sha512 === 'string')
    files.push({ url: doc.path, sha512: doc.sha512 });
  if (files.length === 0) throw new FeedError('The feed lists no file');
  return {
    version: versionText,
    files,
    releaseDate: textOf(doc.releaseDate),
    releaseName: textOf(doc.releaseName),
    releaseNotes: notesOf(doc.releaseNotes),
  };
}

function fileOf(node: Node): FeedFile[] {
  if (node === null || typeof node !== 'object' || Array.isArray(node)) return [];
  if (typeof node.url !== 'string' || typeof node.sha512 !== 'string') return [];
  return [{ url: node.url, sha512: node.sha512, size: typeof node.size === 'number' ? node.size : undefined }];
}

function textOf(node: Node | undefined): string | undefined {
  return typeof node === 'string' || typeof node === 'number' ? String(node) : undefined;
}

/** Notes are a text, or (with fullChangelog) a list of `{ version, note }`. */
function notesOf(node: Node | undefined): string | undefined {
  if (Array.isArray(node))
    return node
      .map((n) => (n && typeof n === 'object' && !Array.isArray(n) ? textOf(n.note) : undefined))
      .filter(Boolean)
      .join('\n\n');
  return textOf(node);
}

interface Cursor {
  index: number;
}

const indentOf = (line: string) => line.length - line.trimStart().length;
const isBlank = (line: string) => line.trim() === '' || line.trimStart().startsWith('#');

/** A mapping or a list whose lines are indented by `indent`. */
function parseBlock(lines: string[], at: Cursor, indent: number): Node {
  while (at.index < lines.length && isBlank(lines[at.index] ?? '')) at.index++;
  if (at.index >= lines.length) return null;
  if ((lines[at.index] ?? '').trimStart().startsWith('- ') || (lines[at.index] ?? '').trim() === '-')
    return parseList(lines, at, indent);
  return parseMap(lines, at, indent);
}

function parseList(lines: string[], at: Cursor, indent: number): Node[] {
  const items: Node[] = [];
  while (at.index < lines.length) {
    const line = lines[at.index] ?? '';
    if (isBlank(line)) {
      at.index++;
      continue;
    }
    if (indentOf(line) !== indent || !line.trimStart().startsWith('-')) break;
    const rest = line.trimStart().slice(1).trimStart();
    if (rest === '') {
      at.index++;
      items.push(parseBlock(lines, at, indent + 2));
    } else if (/^[\w.-]+:( |$)/.test(rest)) {
      // "- key: value" opens a mapping whose other keys sit under the key.
      const itemIndent = indent + (line.trimStart().length - rest.length);
      lines[at.index] = ' '.repeat(itemIndent) + rest;
      items.push(parseMap(lines, at, itemIndent));
    } else {
      at.index++;
      items.push(scalarOf(rest));
    }
  }
  return items;
}

function parseMap(lines: string[], at: Cursor, indent: number): { [key: string]: Node } {
  const map: { [key: string]: Node } = Object.create(null) as { [key: string]: Node };
  while (at.index < lines.length) {
    const line = lines[at.index] ?? '';
    if (isBlank(line)) {
      at.index++;
      continue;
    }
    if (indentOf(line) !== indent) {
      if (indentOf(line) > indent) throw new FeedError(`Unexpected indentation on line ${at.index + 1}`);
      break;
    }
    const match = /^([\w.-]+):(?: +(.*))?$/.exec(line.trim());
    if (!match) throw new FeedError(`Line ${at.index + 1} is not "key: value"`);
    const key = match[1] ?? '';
    const value = match[2];
    at.index++;
    if (value === undefined || value === '') {
      // Looked up in place: a copy of the rest for each key made a long feed cost its square.
      let following = at.index;
      while (following < lines.length && isBlank(lines[following] ?? '')) following++;
      const next = lines[following];
      const childIndent = next === undefined ? indent : indentOf(next);
      const listHere = next !== undefined && childIndent === indent && next.trimStart().startsWith('-');
      map[key] = childIndent > indent || listHere ? parseBlock(lines, at, childIndent) : null;
    } else if (/^[|>][-+]?$/.test(value)) {
      map[key] = blockScalar(lines, at, indent, value.startsWith('>'));
    } else {
      map[key] = scalarOf(value);
    }
  }
  return map;
}

/** A `|` (lines kept) or `>` (lines folded) text indented under its key. */
function blockScalar(lines: string[], at: Cursor, indent: number, folded: boolean): string {
  const body: string[] = [];
  let bodyIndent: number | null = null;
  while (at.index < lines.length) {
    const line = lines[at.index] ?? '';
    if (line.trim() !== '') {
      if (indentOf(line) <= indent) break;
      bodyIndent ??= indentOf(line);
    }
    body.push(line.slice(bodyIndent ?? 0));
    at.index++;
  }
  while (body.length > 0 && (body[body.length - 1] ?? '').trim() === '') body.pop();
  return folded ? body.join(' ').replace(/ {2,}/g, ' ') : body.join('\n');
}

function scalarOf(raw: string): Scalar {
  const value = raw.trim();
  if (value.startsWith("'")) {
    if (!value.endsWith("'") || value.length < 2) throw new FeedError('An unterminated quoted text');
    return value.slice(1, -1).replace(/''/g, "'");
  }
  if (value.startsWith('"')) {
    try {
      return JSON.parse(value) as string;
    } catch {
      throw new FeedError('A quoted text that cannot be read');
    }
  }
  const text = value.replace(/\s+#.*$/, '');
  if (text === 'true' || text === 'false') return text === 'true';
  if (text === 'null' || text === '~') return null;
  if (/^-?\d+$/.test(text) && Number.isSafeInteger(Number(text))) return Number(text);
  return text;
}

interface Version {
  core: [number, number, number];
  pre: string[];
}

function parseVersion(text: string): Version | null {
  const match = /^v?(\d+)\.(\d+)\.(\d+)(?:-([0-9A-Za-z.-]+))?(?:\+[0-9A-Za-z.-]+)?$/.exec(text.trim());
  if (!match) return null;
  return { core: [Number(match[1]), Number(match[2]), Number(match[3])], pre: match[4] ? match[4].split('.') : [] };
}

/** Semantic-version order: negative when a is older than b, 0 when equal; an unreadable version is oldest. */
export function compareVersions(a: string, b: string): number {
  const va = parseVersion(a);
  const vb = parseVersion(b);
  if (!va || !vb) return va ? 1 : vb ? -1 : 0;
  for (let i = 0; i < 3; i++) {
    const difference = (va.core[i] ?? 0) - (vb.core[i] ?? 0);
    if (difference !== 0) return difference;
  }
  // A release outranks its pre-releases; pre-release fields compare numerically, else as text.
  if (va.pre.length === 0 || vb.pre.length === 0) return vb.pre.length - va.pre.length;
  for (let i = 0; i < Math.max(va.pre.length, vb.pre.length); i++) {
    const x = va.pre[i];
    const y = vb.pre[i];
    if (x === undefined) return -1;
    if (y === undefined) return 1;
    const nx = /^\d+$/.test(x) ? Number(x) : null;
    const ny = /^\d+$/.test(y) ? Number(y) : null;
    if (nx !== null && ny !== null) {
      if (nx !== ny) return nx - ny;
    } else if (nx !== null || ny !== null) return nx !== null ? -1 : 1;
    else if (x !== y) return x < y ? -1 : 1;
  }
  return 0;
}

/** Release notes as text: HTML (as some release tools write them) loses its tags, keeping its lines. */
export function plainNotes(notes: string): string {
  if (!/<[a-z/][^>]*>/i.test(notes)) return notes.trim();
  return htmlToText(notes)
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .join('\n');
}
