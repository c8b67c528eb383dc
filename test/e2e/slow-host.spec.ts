import { expect, test } from './support/harness';

/** A host slow to answer the first rows still gets the app's frame on screen, the rows following. */
test('with the first rows slow to come, the workspace shows at once and the rows follow', async ({ page, perch }) => {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.routeWebSocket(/\/ipc\?/, (ws) => {
    const server = ws.connectToServer();
    // The first `inbox:get` the page sends is answered late; everything else passes.
    let firstRows: number | null = null;
    ws.onMessage((message) => {
      const parsed = JSON.parse(String(message)) as { id: number; channel: string };
      if (firstRows === null && parsed.channel === 'inbox:get') firstRows = parsed.id;
      server.send(message);
    });
    server.onMessage(async (message) => {
      const parsed = JSON.parse(String(message)) as { type: string; id?: number };
      if (parsed.type === 'result' && parsed.id === firstRows) await held;
      ws.send(message);
    });
  });
  await page.goto(perch.host.url);
  await expect(page.getByRole('navigation')).toBeVisible();
  await expect(page.locator('[data-search]')).toBeVisible();
  await expect(page.getByText('Loading conversations…')).toBeVisible();
  await expect(page.locator('.inbox [role=option]')).toHaveCount(0);
  release();
  await expect(page.locator('.inbox [role=option]').first()).toBeVisible();
});
