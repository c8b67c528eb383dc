import type { Page } from '@playwright/test';
import { expect, openConversation, test } from './support/harness';
import { shoot } from './support/screens';

/** The first rows' boxes: of the saved first screen, or of the live list. */
async function rowBoxes(page: Page, rows: string, count: number) {
  const boxes = [];
  for (let i = 0; i < count; i++) boxes.push(await page.locator(rows).nth(i).boundingBox());
  return boxes;
}

test('the last inbox is on screen before the app’s code runs, inert, and the app takes over its rows in place', async ({
  page,
  perch,
}) => {
  const hostile = openConversation(perch);
  perch.sandbox.store.users.get(hostile.userId)!.props.$name = '<img src=x onerror="window.pwned=1">Eve';
  perch.sandbox.simulator.writeInto(hostile, 'Hello from the saved screen');
  await page.goto(perch.host.url);
  const live = page.locator('#root .inbox-canvas .row');
  await expect(live.first()).toBeVisible();
  // The app keeps its first screen in main a moment after showing it.
  await expect
    .poll(async () => (await (await page.request.get(perch.host.url)).text()).includes('id="first-screen"'), {
      timeout: 20_000,
    })
    .toBe(true);

  // Without the app's code at all, the page still shows the rows, counts and sidebar it had.
  await page.route('**/assets/*.js', (route) => route.abort());
  await page.goto(perch.host.url);
  const saved = page.locator('#first-screen');
  await expect(saved.locator('.row').first()).toBeVisible();
  await expect(saved.locator('.sidebar')).toBeVisible();
  await expect(saved.locator('.row .badge').first()).toBeVisible();
  await expect(saved).toHaveAttribute('inert', '');
  await expect(saved).toHaveAttribute('aria-busy', 'true');
  await expect(saved).toHaveAttribute('aria-label', 'The inbox as it was, updating…');
  // A hostile name is its text, not markup.
  await expect(saved.locator('.row .name', { hasText: 'onerror' }).first()).toHaveText(
    '<img src=x onerror="window.pwned=1">Eve',
  );
  expect(await page.evaluate('window.pwned')).toBeUndefined();
  // Only the rows a window on this screen could show: those the list drew ahead below are left out.
  const lowest = await saved.locator('.row').last().boundingBox();
  expect(lowest!.y).toBeLessThan(await page.evaluate<number>('Math.max(innerHeight, screen.availHeight)'));
  // What the app hides is not in it: a closed drop-down's list would be drawn as an empty box.
  await expect(saved.locator('.select').first()).toBeAttached();
  await expect(saved.locator('.select-list')).toHaveCount(0);
  // The logo keeps its colours: its tile is filled with a gradient of the saved screen's own.
  const logo = await page.evaluate(`(() => {
    const fill = document.querySelector('#first-screen .logo rect')?.getAttribute('fill') ?? '';
    const gradient = document.getElementById(fill.slice('url(#'.length, -1));
    return { fill, gradient: gradient?.localName, itsOwn: Boolean(gradient?.closest('#first-screen')) };
  })()`);
  expect(logo).toEqual({
    fill: expect.stringMatching(/^url\(#first-screen-/),
    gradient: 'linearGradient',
    itsOwn: true,
  });
  await expect(page.locator('#root')).toBeEmpty();
  // Nothing in it can be clicked: the click goes nowhere, nothing opens.
  await saved.locator('.row').first().click({ force: true });
  await expect(page.locator('#root')).toBeEmpty();
  const count = Math.min(5, await saved.locator('.row').count());
  const before = await rowBoxes(page, '#first-screen .inbox-canvas .row', count);
  await shoot(page, 'first-screen-saved');

  // With the code, the app takes the same places, and its rows are live.
  await page.unroute('**/assets/*.js');
  // When the page's first frame began (the first animation-frame callback comes just before it).
  await page.addInitScript('requestAnimationFrame(() => { window.perchFirstFrame = performance.now(); })');
  await page.goto(perch.host.url);
  await expect(saved).toHaveCount(0);
  await expect(live.first()).toBeVisible();
  expect(await rowBoxes(page, '#root .inbox-canvas .row', count)).toEqual(before);
  // The saved screen's first frame came before the app's code (most of the bytes) was even asked for.
  const order = await page.evaluate<{ firstFrame: number; appCode?: number }>(`({
    firstFrame: window.perchFirstFrame,
    appCode: performance.getEntriesByType('resource').find((e) => e.name.includes('/start-app-'))?.startTime,
  })`);
  expect(order.appCode).toBeGreaterThan(order.firstFrame);
  await page.locator(`[data-conversation-id="${hostile.id}"]`).click();
  await expect(page.locator('main.conversation .timeline')).toContainText('Hello from the saved screen');
});

test.describe('with a saved first screen', () => {
  const saved = {
    lang: 'en',
    theme: null,
    nodes: [
      {
        tag: 'div',
        attrs: { class: 'app' },
        children: [{ tag: 'button', attrs: { class: 'row' }, children: ['Anna'] }],
      },
    ],
  };
  test.use({ dataFiles: { 'first-screen.json': JSON.stringify(saved) } });

  test('a window that draws no frames (started hidden in the tray) still loads the app behind it', async ({
    page,
    perch,
  }) => {
    // The app's code waits for the saved screen's first frame, which a window not shown never draws.
    await page.addInitScript('window.requestAnimationFrame = () => 0');
    const served = await (await page.request.get(perch.host.url)).text();
    expect(served).toContain('<div id="first-screen"');
    await page.goto(perch.host.url);
    await expect(page.locator('#first-screen')).toHaveCount(0);
    await expect(page.getByRole('listbox', { name: 'Conversations' }).getByRole('option').first()).toBeAttached();
  });
});
