import type { Page } from '@playwright/test';
import { expect, openConversation, test, type Perch } from './support/harness';

/** An unassigned conversation: in the default notification scope (mine and unassigned). */
const unassigned = (perch: Perch) => openConversation(perch, (c) => c.assigneeId === null);

/** The visitor writes; Perch has seen it once the core's row shows it. */
async function visitorWrites(perch: Perch, id: string, body: string): Promise<void> {
  perch.sandbox.simulator.writeInto(perch.sandbox.store.conversations.get(id)!, body);
  await expect.poll(() => perch.workspace.inbox.row(id)?.preview, { timeout: 15_000 }).toBe(body);
}

/** The conversation's notification on screen (a newer one replaces it), by its text. */
const notifiedBodies = (perch: Perch, id: string) =>
  perch.notifier.shown.filter((n) => n.conversationId === id).map((n) => n.body);

/** Opens the conversation in the page, brought to the top of the list by a message first. */
async function openInPage(page: Page, perch: Perch, id: string): Promise<void> {
  await page.goto(perch.host.url);
  await visitorWrites(perch, id, 'Good morning');
  await page.locator(`[data-conversation-id="${id}"]`).click();
  await expect(page.locator(`[data-conversation-id="${id}"]`)).toHaveAttribute('aria-selected', 'true');
  await expect.poll(() => perch.workspace.attention.lookingAt()).toBe(id);
  // What was notified before the agent opened it is not what these tests are about.
  perch.notifier.shown.length = 0;
}

/** What the page says of itself, as a browser says it when the tab is put away or another window takes focus. */
async function pretend(page: Page, state: { hidden?: boolean; blurred?: boolean }): Promise<void> {
  await page.evaluate(({ hidden, blurred }) => {
    Object.defineProperty(document, 'visibilityState', {
      configurable: true,
      get: () => (hidden ? 'hidden' : 'visible'),
    });
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => Boolean(hidden) });
    document.hasFocus = () => !blurred;
    document.dispatchEvent(new Event('visibilitychange'));
    window.dispatchEvent(new Event(blurred ? 'blur' : 'focus'));
  }, state);
}

test('a closed tab looks at nothing: the visitor’s messages notify and stay unread, also beside a fresh page', async ({
  page,
  context,
  perch,
}) => {
  const c = unassigned(perch);
  await openInPage(page, perch, c.id);
  // While the agent reads it, a message there is read at once and not notified.
  await visitorWrites(perch, c.id, 'Are you there?');
  expect(perch.workspace.inbox.row(c.id)!.unread).toBe(0);
  expect(notifiedBodies(perch, c.id)).toEqual([]);

  await page.close();
  await visitorWrites(perch, c.id, 'Hello? Anyone?');
  await expect.poll(() => notifiedBodies(perch, c.id)).toEqual(['Hello? Anyone?']);
  expect(perch.workspace.inbox.row(c.id)!.unread).toBeGreaterThan(0);

  // A fresh page that opened no conversation looks at none either.
  const fresh = await context.newPage();
  await fresh.goto(perch.host.url);
  await expect(fresh.getByText('Pick a conversation')).toBeVisible();
  await visitorWrites(perch, c.id, 'I will wait');
  await expect.poll(() => notifiedBodies(perch, c.id)).toEqual(['I will wait']);
  // Still unread: the agent's unread mark is one per conversation (docs/api-decisions.md).
  expect(perch.workspace.inbox.row(c.id)!.unread).toBe(1);
  await expect(fresh.locator(`[data-conversation-id="${c.id}"]`)).toHaveClass(/unread/);
});

test('a hidden or blurred page looks at nothing; back in front, the open conversation is read', async ({
  page,
  perch,
}) => {
  const c = unassigned(perch);
  await openInPage(page, perch, c.id);

  await pretend(page, { hidden: true, blurred: true });
  await visitorWrites(perch, c.id, 'Written while the tab was away');
  await expect.poll(() => notifiedBodies(perch, c.id)).toEqual(['Written while the tab was away']);
  expect(perch.workspace.inbox.row(c.id)!.unread).toBeGreaterThan(0);

  await pretend(page, {});
  await expect.poll(() => perch.workspace.inbox.row(c.id)!.unread).toBe(0);

  // Visible but another window has the focus: not read either.
  await pretend(page, { blurred: true });
  await visitorWrites(perch, c.id, 'Written while another window had focus');
  await expect.poll(() => notifiedBodies(perch, c.id)).toEqual(['Written while another window had focus']);
  expect(perch.workspace.inbox.row(c.id)!.unread).toBeGreaterThan(0);
  await expect(page.locator(`[data-conversation-id="${c.id}"]`)).toHaveClass(/unread/);
});
