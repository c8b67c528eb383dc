import { expect, test } from './support/harness';

test.use({ conversationsPerApp: 2_000 });

/**
 * Rows the list adds to its DOM when scrolled `by` pixels in one animation frame: what the
 * scroll's own render does (the virtualizer renders synchronously on scroll), not what idle
 * moments draw afterwards.
 */
async function rowsAddedInScrollFrame(page: import('@playwright/test').Page, by: number) {
  return page.evaluate(async (by) => {
    const list = document.querySelector('.inbox-scroll') as HTMLElement;
    const canvas = document.querySelector('.inbox-canvas') as HTMLElement;
    await new Promise((resolve) => requestAnimationFrame(resolve));
    const watch = new MutationObserver(() => {});
    watch.observe(canvas, { childList: true });
    list.scrollTop += by;
    list.dispatchEvent(new Event('scroll'));
    await Promise.resolve();
    const added = watch.takeRecords().reduce((sum, record) => sum + record.addedNodes.length, 0);
    watch.disconnect();
    return added;
  }, by);
}

/** Waits until the list has drawn what it draws in idle moments: its rows stop changing. */
async function untilIdleDrawingRests(page: import('@playwright/test').Page) {
  await page.evaluate(async () => {
    const canvas = document.querySelector('.inbox-canvas') as HTMLElement;
    for (let quiet = 0, last = ''; quiet < 3;) {
      await new Promise((resolve) => requestIdleCallback(resolve));
      await new Promise((resolve) => setTimeout(resolve, 30));
      const now = [...canvas.children].map((row) => (row as HTMLElement).dataset.index).join(',');
      quiet = now === last ? quiet + 1 : 0;
      last = now;
    }
  });
}

const drawnIndexes = (page: import('@playwright/test').Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('.inbox-canvas > .row[data-index]')].map((row) =>
      Number(row.dataset.index),
    ),
  );

test('a fast scroll finds its rows already drawn: rows ahead are drawn while the page is idle, rows far behind go', async ({
  page,
  perch,
}) => {
  await page.goto(perch.host.url);
  const list = page.getByRole('listbox', { name: 'Conversations' });
  await expect(list).not.toHaveAttribute('aria-busy', 'true');
  await untilIdleDrawingRests(page);

  const inView = await list.evaluate((el) => Math.ceil(el.clientHeight / 77));
  // At rest, rows below the screen are drawn before any scroll.
  expect(Math.max(...(await drawnIndexes(page)))).toBeGreaterThan(inView + 6);

  // Scrolling down a screen and more per frame, frame after frame: each frame only moves the
  // list, and between frames the rows ahead are drawn.
  for (let frame = 0; frame < 6; frame++) {
    expect(await rowsAddedInScrollFrame(page, 600), `rows added in frame ${frame}`).toBe(0);
    await untilIdleDrawingRests(page);
  }
  // While the list is still moving (the virtualizer calls it scrolling for 150 ms after the last
  // scroll event), the rows drawn reach further ahead than at rest, and the next frame finds them.
  const reach = await page.evaluate(async () => {
    const list = document.querySelector('.inbox-scroll') as HTMLElement;
    list.scrollTop += 600;
    list.dispatchEvent(new Event('scroll'));
    const started = performance.now();
    let ahead = 0;
    while (performance.now() - started < 100 && ahead < 24) {
      await new Promise((resolve) => requestIdleCallback(resolve));
      const lastInView = Math.floor((list.scrollTop + list.clientHeight) / 77);
      const drawn = [...document.querySelectorAll<HTMLElement>('.inbox-canvas > .row[data-index]')];
      ahead = Math.max(...drawn.map((row) => Number(row.dataset.index))) - lastInView;
    }
    return ahead;
  });
  expect(reach).toBeGreaterThan(16);
  expect(await rowsAddedInScrollFrame(page, 600), 'rows added in a frame while still scrolling').toBe(0);
  await untilIdleDrawingRests(page);

  const scrolledTo = await list.evaluate((el) => Math.floor(el.scrollTop / 77));
  const drawn = await drawnIndexes(page);
  // Rows far behind are gone; the DOM stays short.
  expect(Math.min(...drawn)).toBeGreaterThan(scrolledTo - 20);
  expect(drawn.length).toBeLessThan(60);

  // The same going back up.
  for (let frame = 0; frame < 3; frame++) {
    expect(await rowsAddedInScrollFrame(page, -600)).toBe(0);
    await untilIdleDrawingRests(page);
  }

  // A jump far down draws the rows in view at once.
  await list.evaluate((el) => (el.scrollTop = 60_000));
  await expect(list.locator(`[data-index="${Math.floor(60_000 / 77) + 2}"]`)).toBeVisible();
  await untilIdleDrawingRests(page);
  expect((await drawnIndexes(page)).length).toBeLessThan(60);
});
