import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { firstScreenHtml, withFirstScreen } from '../../../src/main/core/first-screen/first-screen-html';
import { FirstScreenStore } from '../../../src/main/core/first-screen/first-screen-store';
import { firstScreenSchema, type FirstScreen } from '../../../src/shared/first-screen';

const INDEX = '<!doctype html><html lang="en"><head></head><body><div id="root"></div></body></html>';
const hostile = '<img src=x onerror="alert(1)">&amp; "quoted" \'single\'';

function rowScreen(name: string): FirstScreen {
  return {
    lang: 'en',
    theme: null,
    nodes: [
      {
        tag: 'button',
        attrs: { class: 'row unread', title: name },
        children: [{ tag: 'bdi', attrs: { class: 'name' }, children: [name] }],
      },
    ],
  };
}

describe('the first screen drawn into the page', () => {
  it('escapes hostile names in text and attributes: they read back as the same text, never as markup', () => {
    const html = firstScreenHtml(rowScreen(hostile));
    expect(html).not.toContain('<img');
    expect(html).not.toMatch(/title="[^"]*"[^ >]/);
    expect(html).toContain(
      '<bdi class="name">&lt;img src=x onerror=&quot;alert(1)&quot;&gt;&amp;amp; &quot;quoted&quot; &#39;single&#39;</bdi>',
    );
  });

  it("keeps $&, $', $` and $$ in a name as text when it is drawn into the page", () => {
    const name = "Eve $& $' $` $$5";
    const page = withFirstScreen(INDEX, rowScreen(name));
    expect(page).toContain(`<bdi class="name">Eve $&amp; $&#39; $\` $$5</bdi>`);
    expect(page.match(/<div id="root">/g)).toHaveLength(1);
    expect(page.match(/<html/g)).toHaveLength(1);
  });

  it('writes no id but its own, whatever reached it', () => {
    const screen = { lang: 'en', theme: null, nodes: [{ tag: 'div', attrs: { id: 'root', class: 'app' } }] } as const;
    expect(firstScreenHtml(screen as unknown as FirstScreen)).toBe(
      firstScreenHtml({ lang: 'en', theme: null, nodes: [{ tag: 'div', attrs: { class: 'app' } }] }),
    );
  });

  it('is inert and busy for assistive technology, after the root, in the language and theme it was seen in', () => {
    const page = withFirstScreen(INDEX, { ...rowScreen('Anna'), lang: 'ru', theme: 'dark' });
    expect(page).toContain('<html lang="ru" data-theme="dark">');
    expect(page).toMatch(
      /<div id="root"><\/div><div id="first-screen" class="first-screen" inert aria-busy="true" role="status" aria-label="Входящие[^"]*">/,
    );
    expect(withFirstScreen(INDEX, null)).toBe(INDEX);
  });

  it('leaves the app’s code unpreloaded when it draws a saved screen: the page asks for it after that screen’s first frame', () => {
    const preload = '<link rel="modulepreload" crossorigin href="./assets/start-app-x.js">';
    const index = INDEX.replace('<head>', `<head><script type="module" src="./assets/index-x.js"></script>${preload}`);
    const page = withFirstScreen(index, rowScreen('Anna'));
    expect(page).not.toContain('modulepreload');
    expect(page).toContain('<script type="module" src="./assets/index-x.js"></script>');
    expect(withFirstScreen(index, null)).toContain(preload);
  });

  it('refuses scripts, styles, links, event handlers and trees past their bounds', () => {
    const refused = (screen: unknown) => expect(firstScreenSchema.safeParse(screen).success).toBe(false);
    const row = rowScreen('Anna');
    refused({ ...row, nodes: [{ tag: 'script', children: ['alert(1)'] }] });
    refused({ ...row, nodes: [{ tag: 'a', attrs: { href: 'https://evil.example' } }] });
    refused({ ...row, nodes: [{ tag: 'div', attrs: { onclick: 'alert(1)' } }] });
    refused({ ...row, nodes: [{ tag: 'div', attrs: { style: 'background:url(https://evil.example)' } }] });
    // An id only of its own: one the app uses (its root) could be found in its place.
    refused({ ...row, nodes: [{ tag: 'div', attrs: { id: 'root' } }] });
    const logo = { tag: 'lineargradient', attrs: { id: 'first-screen-_r_0_-tile' } };
    expect(firstScreenSchema.safeParse({ ...row, nodes: [logo] }).success).toBe(true);
    refused({ ...row, nodes: Array.from({ length: 5001 }, () => 'x') });
    let deep: unknown = 'x';
    for (let i = 0; i < 50; i++) deep = { tag: 'div', children: [deep] };
    refused({ ...row, nodes: [deep] });
    expect(firstScreenSchema.safeParse(row).success).toBe(true);
  });

  it('is kept on disk, and a damaged file serves the page without it', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'perch-first-screen-'));
    const store = new FirstScreenStore(dir);
    expect(await store.page(INDEX)).toBe(INDEX);
    await store.save(rowScreen('Anna'));
    expect(JSON.parse(await readFile(join(dir, 'first-screen.json'), 'utf8'))).toEqual(rowScreen('Anna'));
    expect(await new FirstScreenStore(dir).page(INDEX)).toContain('<bdi class="name">Anna</bdi>');
    await writeFile(
      join(dir, 'first-screen.json'),
      JSON.stringify({ lang: 'en', theme: null, nodes: [{ tag: 'script', children: ['alert(1)'] }] }),
    );
    expect(await new FirstScreenStore(dir).page(INDEX)).toBe(INDEX);
  });
});
