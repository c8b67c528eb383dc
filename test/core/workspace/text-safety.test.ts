import { describe, expect, it } from 'vitest';
import { dispatchToOne } from '../../support/one-account';
import { attachmentProblem, cleanAttachment } from '../../../src/shared/attachments';
import { dispatchInvoke } from '../../../src/main/core/contract/contract-dispatch';
import { DEFAULT_SETTINGS, normalizeSettings } from '../../../src/main/core/settings/settings';
import type { Workspace } from '../../../src/main/core/workspace/workspace';
import { createHandlers } from '../../../src/main/core/workspace/handlers';
import { linkText, safeExternalUrl, spoofableHost } from '../../../src/shared/links';
import { shortcutProblem } from '../../../src/shared/settings';
import { clipText, cleanUserText, normalizeFileName } from '../../../src/shared/text';

const RLO = '\u202E';

describe('visitor text', () => {
  it('loses every bidi control, so a name cannot reorder what the agent reads', () => {
    const spoof = `x${RLO}maeT ytiruceS hcreP`;
    expect(cleanUserText(spoof)).toBe('xmaeT ytiruceS hcreP');
    for (const control of [
      '\u202A',
      '\u202B',
      '\u202C',
      '\u202D',
      '\u202E',
      '\u2066',
      '\u2067',
      '\u2068',
      '\u2069',
      '\u200E',
      '\u200F',
      '\u061C',
    ]) {
      expect(cleanUserText(`a${control}b`), `U+${control.charCodeAt(0).toString(16)}`).toBe('ab');
    }
    // Real right-to-left text stays as it is: only the invisible controls go.
    expect(cleanUserText('שלום עולם')).toBe('שלום עולם');
    expect(cleanUserText('  Ava\n\tBrown  ')).toBe('Ava Brown');
  });

  it('clips long text by characters, never inside a surrogate pair', () => {
    expect(clipText('abcdef', 4)).toBe('abc…');
    expect(clipText('abcd', 4)).toBe('abcd');
    expect(clipText('😀😀😀😀😀', 3)).toBe('😀😀…');
  });

  it('normalizes file names the way the file system reads them', () => {
    expect(normalizeFileName('x.exe.')).toBe('x.exe');
    expect(normalizeFileName('x.exe . . ')).toBe('x.exe');
    expect(normalizeFileName('x.exe\u200b')).toBe('x.exe');
    expect(normalizeFileName(`invoice${RLO}fdp.exe`)).toBe('invoicefdp.exe');
    // NFKC folds look-alike forms: a fullwidth "ｅｘｅ" is "exe".
    expect(normalizeFileName('x.ｅｘｅ')).toBe('x.exe');
  });
});

describe('attachment allow-list', () => {
  const check = (name: string, type: string) => attachmentProblem({ name, type, size: 10 });

  it('refuses programs however the name or type is dressed up', () => {
    expect(check('x.exe.', 'application/octet-stream')).toBe('type');
    expect(check('x.exe\u200b', '')).toBe('type');
    expect(check('disk.iso', 'application/x-iso9660-image')).toBe('type');
    expect(check(`invoice${RLO}fdp.exe`, 'application/pdf')).toBe('type');
    expect(check('setup.msi', '')).toBe('type');
    expect(check('README', 'text/plain')).toBe('type');
    expect(check('macro.docm', 'application/vnd.ms-word.document.macroEnabled.12')).toBe('type');
    // A fullwidth solidus is a path separator once normalized.
    expect(check('..／..／x.pdf', 'application/pdf')).toBe('name');
  });

  it('refuses a page sent under an allowed name, whatever parameters its type carries', () => {
    expect(check('notes.txt', 'text/html;charset=utf-8')).toBe('type');
    expect(check('notes.txt', ' Text/HTML ; charset=UTF-8')).toBe('type');
    expect(check('photo.png', 'image/svg+xml')).toBe('type');
  });

  it('sends what a support desk sends: images, PDF, text, CSV, office documents', () => {
    expect(check('photo.png', 'image/png')).toBeNull();
    expect(check('photo.JPG', 'image/jpeg')).toBeNull();
    expect(check('invoice.pdf', 'application/pdf')).toBeNull();
    expect(check('report.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document')).toBeNull();
    expect(check('sheet.xlsx', '')).toBeNull();
    expect(check('export.csv', 'application/vnd.ms-excel')).toBeNull();
    expect(check('log.txt', 'text/plain;charset=utf-8')).toBeNull();
    expect(check('screen.mp4', 'video/mp4')).toBeNull();
  });

  it('sends the cleaned name and the bare type', () => {
    expect(cleanAttachment({ name: 'rep\u200bort.pdf. ', type: 'Application/PDF; q=1' })).toEqual({
      name: 'report.pdf',
      type: 'application/pdf',
    });
    // A type the browser did not know is named from the extension.
    expect(cleanAttachment({ name: 'data.csv', type: '' })).toEqual({ name: 'data.csv', type: 'text/csv' });
  });
});

describe('links', () => {
  it('shows a host that mixes scripts as punycode, and keeps single-script hosts readable', () => {
    expect(spoofableHost('https://аpple.com')).toBe(true); // Cyrillic а in a Latin name
    expect(linkText('https://аpple.com/login')).toBe('https://xn--pple-43d.com/login');
    expect(spoofableHost('https://аррӏе.com')).toBe(true); // all Cyrillic, every letter a Latin look-alike
    expect(linkText('https://пример.рф/')).toBe('https://пример.рф/');
    expect(linkText('https://example.com/a?b=c')).toBe('https://example.com/a?b=c');
    expect(spoofableHost('https://日本語.jp')).toBe(false);
  });

  it('refuses links with hidden characters', () => {
    expect(safeExternalUrl(`https://example.com/${RLO}gpj.exe`)).toBeNull();
    expect(safeExternalUrl('https://exa\u200bmple.com/')).toBeNull();
  });

  it('hands the browser the punycode host, never the look-alike text, and nothing with hidden characters', async () => {
    const opened: string[] = [];
    const handlers = createHandlers({
      options: { openExternal: async (url: string) => void opened.push(url) },
    } as unknown as Workspace);
    expect(await dispatchToOne(handlers, 'link:open', [`https://example.com/${RLO}x`])).toMatchObject({
      ok: false,
      error: { code: 'invalid-arguments' },
    });
    expect((await dispatchToOne(handlers, 'link:open', ['https://аpple.com/login'])).ok).toBe(true);
    expect(opened).toEqual(['https://xn--pple-43d.com/login']);
  });
});

describe('global shortcut', () => {
  it('needs Ctrl, Alt, Cmd or Super with one key', () => {
    expect(shortcutProblem('CommandOrControl+Shift+P')).toBeNull();
    expect(shortcutProblem('Alt+F2')).toBeNull();
    expect(shortcutProblem('Super+Space')).toBeNull();
    expect(shortcutProblem('')).toBeNull();
    expect(shortcutProblem('A')).toBe('modifier');
    expect(shortcutProblem('Shift+A')).toBe('modifier');
    expect(shortcutProblem('F5')).toBe('modifier');
    expect(shortcutProblem('Ctrl+Shift')).toBe('format');
    expect(shortcutProblem('Ctrl+A+B')).toBe('format');
    expect(shortcutProblem('Ctrl+<script>')).toBe('format');
  });

  it('is checked at the IPC boundary', async () => {
    const changes: unknown[] = [];
    const handlers = {
      'settings:update': async (change: unknown) => {
        changes.push(change);
        return null as never;
      },
    };
    for (const shortcut of ['A', 'Shift+A']) {
      const result = await dispatchInvoke(handlers, 'settings:update', [{ shortcut }]);
      expect(result).toMatchObject({ ok: false, error: { code: 'invalid-arguments' } });
    }
    expect(changes).toEqual([]);
    expect((await dispatchInvoke(handlers, 'settings:update', [{ shortcut: 'Alt+Shift+P' }])).ok).toBe(true);
  });

  it('a stored shortcut without a modifier is reset to the default', () => {
    const { settings, problems } = normalizeSettings({ version: 2, shortcut: 'A' });
    expect(settings.shortcut).toBe(DEFAULT_SETTINGS.shortcut);
    expect(problems).toEqual([expect.stringMatching(/^shortcut:/)]);
  });
});
