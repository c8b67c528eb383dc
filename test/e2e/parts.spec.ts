import { expect, openConversation as pick, test } from './support/harness';
import { visitor } from './support/people';

test('links open outside after validation; hostile ones never become links', async ({ page, perch }) => {
  await page.goto(perch.host.url);
  const c = pick(perch);
  perch.sandbox.simulator.writeInto(
    c,
    'See https://lumen.example/orders/48213 and <a href="javascript:alert(1)">this</a> or javascript:alert(2)',
  );
  await page.locator(`[data-conversation-id="${c.id}"]`).click();
  const bubble = page.locator('.timeline .part.visitor').last();
  await expect(bubble.getByRole('link')).toHaveCount(1);
  await bubble.getByRole('link', { name: 'https://lumen.example/orders/48213' }).click();
  await expect.poll(() => perch.opened).toEqual(['https://lumen.example/orders/48213']);
  expect(page.url()).toBe(perch.host.url);
  await expect(bubble).toContainText('javascript:alert(2)');
});

test('attachments show name and size with a safe open, and quick-reply presses are marked', async ({ page, perch }) => {
  await page.goto(perch.host.url);
  const c = pick(perch);
  await visitor.writes(perch, c, 'Here is the photo', {
    name: 'broken-lamp.png',
    blob: new Blob([new Uint8Array(2048)], { type: 'image/png' }),
  });
  perch.sandbox.store.appendPart(c, {
    body: 'Yes, thanks',
    bodyJson: {},
    read: false,
    direction: 'u2a',
    type: 'reply_user',
    sentVia: 'web_user',
    attachments: [],
    metaData: { answer: 'yes' },
    replyType: 'text',
    actions: null,
    externalId: null,
    randomId: 0,
    fromAdminId: null,
    fromUserId: c.userId,
    assigneeId: null,
    referrer: null,
  });
  await page.locator(`[data-conversation-id="${c.id}"]`).click();
  const attachment = page.locator('.attachments li', { hasText: 'broken-lamp.png' });
  await expect(attachment).toContainText('2 KB');
  await attachment.getByRole('button', { name: 'Open', exact: true }).click();
  await expect.poll(() => perch.opened.at(-1)).toMatch(/broken-lamp\.png$/);
  await expect(page.locator('.timeline .part.visitor').last()).toContainText('Pressed a reply button');
});

test('earlier messages load on scroll without losing the place', async ({ page, perch }) => {
  await page.goto(perch.host.url);
  const c = pick(perch);
  for (let i = 0; i < 60; i++) perch.sandbox.simulator.writeInto(c, `message ${i}`);
  await page.locator(`[data-conversation-id="${c.id}"]`).click();
  await expect(page.locator('.timeline')).toContainText('message 59');
  const before = await page.locator('.timeline .part').count();
  // Scrolling to the top loads them; the reader stays on the message they were reading.
  const reading = page.locator('.timeline .part').first();
  const readingId = await reading.getAttribute('data-part-id');
  await page.locator('.timeline').evaluate((el) => el.scrollTo({ top: 0 }));
  await expect.poll(() => page.locator('.timeline .part').count()).toBeGreaterThan(before);
  await expect(page.locator(`.timeline [data-part-id="${readingId}"]`)).toBeInViewport();
  await expect(page.locator('.timeline')).toContainText('message 0');
  const ids = await page
    .locator('.timeline [data-part-id]')
    .evaluateAll((els) => els.map((el) => el.getAttribute('data-part-id')!));
  expect(ids).toEqual([...ids].sort((a, b) => a - b));
  expect(new Set(ids).size).toBe(ids.length);
});
