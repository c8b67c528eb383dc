import { expect, openConversation, test } from './support/harness';
import { keepScreen } from './support/screens';

const LONG_NAME = 'Maximiliana Alexandrovna Konstantinopolskaya-Vasnetsova-Rimskaya-Korsakova the Third';

test('visitor panel: a rename reaches the list and the header at once; long names stay in their box', async ({
  page,
  perch,
}) => {
  const c = openConversation(perch, (conv) => Boolean(perch.sandbox.store.users.get(conv.userId)?.props.$name));
  perch.sandbox.simulator.writeInto(c, 'Please fix my name');
  await page.goto(perch.host.url);
  const row = page.locator(`[data-conversation-id="${c.id}"]`);
  await row.click();
  const panel = page.getByRole('complementary', { name: 'Visitor' });
  await panel.getByRole('button', { name: 'Edit the visitor’s properties' }).click();
  const editor = panel.getByRole('form', { name: 'Edit the visitor’s properties' });
  await editor.getByLabel('Name', { exact: true }).fill(LONG_NAME);
  await editor.getByRole('button', { name: 'Save' }).click();
  await expect(panel.locator('.props')).toContainText(LONG_NAME);
  await expect(row.locator('.name')).toHaveText(LONG_NAME);
  const heading = page.locator('.conversation-head h1');
  await expect(heading).toHaveText(LONG_NAME);
  await expect(heading).toHaveAttribute('title', LONG_NAME);
  // Nothing scrolls sideways: the name is cut with an ellipsis, the full name in its title.
  for (const [width, height] of [
    [1280, 800],
    [820, 520],
  ] as const) {
    await page.setViewportSize({ width, height });
    // After the resize has been laid out and the header has fitted its actions to the new width.
    await expect
      .poll(() =>
        page.evaluate(
          '[document.documentElement.scrollWidth - document.documentElement.clientWidth, document.querySelector(".conversation").scrollWidth - document.querySelector(".conversation").clientWidth]',
        ),
      )
      .toEqual([0, 0]);
    for (const theme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: theme });
      await keepScreen(page, `test-results/visitor-renamed-${width}-${theme}.png`);
    }
  }
});

test('visitor panel: human labels, custom properties marked, e-mail and phone checked before saving', async ({
  page,
  perch,
}) => {
  const c = openConversation(perch, (conv) => {
    const user = perch.sandbox.store.users.get(conv.userId);
    return Boolean(user?.props.$email) && Object.keys(user?.propsCustom ?? {}).length > 0;
  });
  const user = perch.sandbox.store.users.get(c.userId)!;
  const email = user.props.$email;
  perch.sandbox.simulator.writeInto(c, 'Hello');
  await page.goto(perch.host.url);
  await page.locator(`[data-conversation-id="${c.id}"]`).click();
  const panel = page.getByRole('complementary', { name: 'Visitor' });
  await expect(panel.locator('.props dt').first()).toBeVisible();
  // Known properties by name, never their API keys; custom ones as they are, marked as custom.
  await expect(panel.locator('.props dt').filter({ hasText: /^\$/ })).toHaveCount(0);
  const custom = Object.keys(user.propsCustom)[0]!;
  await expect(panel.locator('.props .custom dt').filter({ hasText: custom })).toBeVisible();

  await panel.getByRole('button', { name: 'Edit the visitor’s properties' }).click();
  const editor = panel.getByRole('form', { name: 'Edit the visitor’s properties' });
  await editor.getByLabel('Email').fill('not an address');
  await editor.getByLabel('Phone').fill('call me maybe');
  await editor.getByRole('button', { name: 'Save' }).click();
  await expect(editor.getByText('Enter an e-mail address like name@example.com.')).toBeVisible();
  await expect(editor.getByText('Enter a phone number: digits, spaces, +, -, ( and ).')).toBeVisible();
  await expect(editor.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
  expect(user.props.$email).toBe(email);

  // A new property: its name and value each have their own label and box, side by side without overlap.
  const key = editor.getByLabel('New property name');
  const value = editor.getByLabel('New property value');
  const [a, b] = [await key.boundingBox(), await value.boundingBox()];
  expect(a!.width).toBeGreaterThan(60);
  expect(b!.width).toBeGreaterThan(60);
  expect(a!.x + a!.width <= b!.x || a!.y + a!.height <= b!.y).toBe(true);
  for (const theme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: theme });
    await keepScreen(page, `test-results/visitor-invalid-${theme}.png`);
  }
  await editor.getByLabel('Email').fill('fixed@mail.example');
  await editor.getByLabel('Phone').fill('+7 (900) 123-45-67');
  await editor.getByRole('button', { name: 'Save' }).click();
  await expect(panel.locator('.props')).toContainText('fixed@mail.example');
  expect(user.props.$email).toBe('fixed@mail.example');
});
