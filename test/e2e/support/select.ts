import type { Locator } from '@playwright/test';

/** Picks an option of one of Perch's drop-downs (role combobox) by its value, as a pointer would. */
export async function choose(combobox: Locator, value: string): Promise<void> {
  await combobox.click();
  const list = combobox.page().locator(`[id="${await combobox.getAttribute('aria-controls')}"]`);
  await list.locator(`[role="option"][data-value="${value}"]`).click();
}
