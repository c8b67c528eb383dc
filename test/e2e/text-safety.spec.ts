import { expect, openConversation, test } from './support/harness';
import { visitor } from './support/people';
import { keepScreen } from './support/screens';

const RLO = '\u202E';

test('a visitor name with a bidi override shows isolated and without it; a look-alike link shows and opens as punycode', async ({
  page,
  perch,
}) => {
  await page.goto(perch.host.url);
  const c = openConversation(perch, (x) => x.assigneeId === null);
  // With the override, U+202E + "maeT ytiruceS hcreP" reads as "Perch Security Team".
  const spoof = `${RLO}maeT ytiruceS hcreP`;
  await visitor.setsProp(perch, c.userId!, '$name', spoof);
  perch.sandbox.simulator.writeInto(c, 'Please log in at https://аpple.com/login to confirm');

  const row = page.locator(`[data-conversation-id="${c.id}"]`);
  const rowName = row.locator('bdi.name');
  await expect(rowName).toHaveText('maeT ytiruceS hcreP');
  expect(await rowName.textContent()).not.toContain(RLO);
  await row.click();

  const header = page.locator('.conversation-head h1 bdi');
  await expect(header).toHaveText('maeT ytiruceS hcreP');
  expect(await page.locator('.conversation-head h1').textContent()).not.toContain(RLO);
  const panelName = page.locator('.visitor-panel .props dd bdi').first();
  await expect(panelName).toHaveText('maeT ytiruceS hcreP');

  const bubble = page.locator('.timeline .part.visitor').last();
  await expect(bubble.locator('.sender bdi')).toHaveText('maeT ytiruceS hcreP');
  await expect(bubble.locator('.bubble')).toHaveAttribute('dir', 'auto');
  const link = bubble.getByRole('link');
  await expect(link).toHaveText('https://xn--pple-43d.com/login');
  await keepScreen(page, 'test-results/text-safety.png');
  await link.click();
  await expect.poll(() => perch.opened).toEqual(['https://xn--pple-43d.com/login']);

  // The notification the OS shows has no isolate around it: the override is gone there too.
  await expect
    .poll(() => perch.notifier.shown.find((n) => n.conversationId === c.id)?.title)
    .toBe('maeT ytiruceS hcreP');
});

test('a message written in HTML reads as its text in the row and in the timeline', async ({ page, perch }) => {
  await page.goto(perch.host.url);
  const c = openConversation(perch, (x) => x.assigneeId === null);
  perch.sandbox.simulator.writeInto(c, '<p>Tom &amp; Jerry &lt;3</p>');

  const row = page.locator(`[data-conversation-id="${c.id}"]`);
  await expect(row.locator('.preview')).toHaveText('Tom & Jerry <3');
  await row.click();
  await expect(page.locator('.timeline .part.visitor .bubble').last()).toHaveText('Tom & Jerry <3');
});
