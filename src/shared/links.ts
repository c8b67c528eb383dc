/** Bidi controls, zero-width and control characters: a link holding one does not say where it goes. */
const HIDDEN = /[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C\u200B-\u200D\u2060-\u2064\uFEFF\u00AD\p{Cc}]/u;

/**
 * A link is opened outside Perch only when it is plain http(s) with a host and no
 * credentials, and holds no hidden characters. The URL parser gives the host in ASCII
 * (punycode, `xn--…`), which is what the browser is handed.
 */
export function safeExternalUrl(raw: string): URL | null {
  if (HIDDEN.test(raw)) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  if (!url.hostname || url.username || url.password) return null;
  // What is opened is ASCII only: a look-alike host can only leave Perch as punycode.
  if (!/^[\x21-\x7e]+$/.test(url.href)) return null;
  return url;
}

const SCRIPTS = [
  'Latin',
  'Cyrillic',
  'Greek',
  'Armenian',
  'Georgian',
  'Hebrew',
  'Arabic',
  'Devanagari',
  'Bengali',
  'Tamil',
  'Thai',
  'Han',
  'Hiragana',
  'Katakana',
  'Hangul',
  'Bopomofo',
].map((name) => [name, new RegExp(`^\\p{Script=${name}}$`, 'u')] as const);
const NEUTRAL = /^[\p{Script=Common}\p{Script=Inherited}]$/u;
/** Scripts that are written together: Japanese, Chinese and Korean names mix these with Latin. */
const WRITTEN_TOGETHER = [
  new Set(['Latin', 'Han', 'Hiragana', 'Katakana']),
  new Set(['Latin', 'Han', 'Bopomofo']),
  new Set(['Latin', 'Han', 'Hangul']),
];
/** Cyrillic and Greek letters that look like Latin ones: a name made only of them passes for Latin ("аррӏе"). */
const LATIN_LOOKALIKES = /^[асԁеһіјӏорԛѕԝхуъьҽпгѵѡαβικνορτυχ\p{N}-]+$/u;

function scriptsOf(label: string): Set<string> {
  const scripts = new Set<string>();
  for (const ch of label) {
    if (NEUTRAL.test(ch)) continue;
    scripts.add(SCRIPTS.find(([, pattern]) => pattern.test(ch))?.[0] ?? 'Other');
  }
  return scripts;
}

const isAscii = (text: string) => /^[\p{ASCII}]*$/u.test(text);

function labelIsSpoofable(label: string, tld: string): boolean {
  if (isAscii(label)) return false;
  const scripts = scriptsOf(label);
  if (scripts.size > 1) return !WRITTEN_TOGETHER.some((group) => [...scripts].every((s) => group.has(s)));
  // One script, but every letter a Latin look-alike under a Latin top-level domain.
  return LATIN_LOOKALIKES.test(label) && isAscii(tld);
}

/** The host as written in the link text (before the URL parser turns it into punycode). */
function writtenHost(raw: string): string {
  const authority = /^[a-z][a-z0-9+.-]*:\/\/([^/?#\\]*)/i.exec(raw.trim())?.[1] ?? '';
  const host = authority.slice(authority.lastIndexOf('@') + 1).replace(/:\d*$/, '');
  return host.normalize('NFKC').toLowerCase();
}

/** Whether the link's host could pass for another: a label mixing scripts, or made of look-alikes. */
export function spoofableHost(raw: string): boolean {
  const labels = writtenHost(raw)
    .split(/[.\u3002]/)
    .filter(Boolean);
  const tld = labels[labels.length - 1] ?? '';
  return labels.some((label) => labelIsSpoofable(label, tld));
}

/** How a link reads in a message: as written, unless its host could pass for another; then with the punycode host it really goes to. */
export function linkText(raw: string): string {
  const url = safeExternalUrl(raw);
  return url && spoofableHost(raw) ? url.href : raw;
}
