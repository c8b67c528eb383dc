import { Menu, type MenuItemConstructorOptions, type Session, type WebContents } from 'electron';
import type { Translate } from '../../shared/i18n';
import type { SpellLanguage } from '../../shared/spelling';
import { contextMenuTemplate, type ContextMenuItem } from '../core/desktop/context-menu';
import type { ScopedLog } from '../core/ports';

/** The right-click menu of a page: what it holds is decided by core/desktop/context-menu.ts; this only shows it. */
export function setupContextMenu(contents: WebContents, t: Translate): void {
  contents.on('context-menu', (_event, params) => {
    const items = contextMenuTemplate(params, t);
    if (items.length) Menu.buildFromTemplate(items.map((item) => menuItem(item, contents))).popup();
  });
}

function menuItem(item: ContextMenuItem, contents: WebContents): MenuItemConstructorOptions {
  switch (item.kind) {
    case 'replace':
      return { label: item.label, click: () => contents.replaceMisspelling(item.word) };
    case 'add-to-dictionary':
      return { label: item.label, click: () => contents.session.addWordToSpellCheckerDictionary(item.word) };
    case 'no-suggestions':
      return { label: item.label, enabled: false };
    case 'edit':
      return { label: item.label, role: item.role, enabled: item.enabled };
    case 'separator':
      return { type: 'separator' };
  }
}

/**
 * Checks spelling in these languages, those the session has a dictionary for; none turns the
 * checking off. macOS checks with the system's own languages, so only on/off applies there.
 */
export function applySpellLanguages(
  session: Session,
  languages: readonly SpellLanguage[],
  options: { platform?: NodeJS.Platform; log?: ScopedLog } = {},
): void {
  session.setSpellCheckerEnabled(languages.length > 0);
  if (!languages.length || (options.platform ?? process.platform) === 'darwin') return;
  const available = new Set(session.availableSpellCheckerLanguages);
  const usable = languages.filter((language) => available.has(language));
  if (usable.length < languages.length)
    options.log?.warn('spell-check languages unavailable', {
      missing: languages.filter((l) => !available.has(l)).join(','),
    });
  if (usable.length) session.setSpellCheckerLanguages(usable);
}
