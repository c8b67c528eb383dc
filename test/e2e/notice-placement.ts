import type { Locator } from '@playwright/test';

/**
 * The controls a notice covers: every visible button, field, link or focusable element outside
 * the notice whose box meets the notice's box. Empty when the notice hides nothing the agent uses.
 */
export async function controlsCovered(notice: Locator): Promise<string[]> {
  return notice.evaluate((box) => {
    const outer = box.getBoundingClientRect();
    const controls = box.ownerDocument.querySelectorAll(
      'button, input, textarea, select, a[href], [role="combobox"], [role="option"], [tabindex]:not([tabindex="-1"])',
    );
    const covered: string[] = [];
    for (const control of controls) {
      if (box.contains(control) || control.contains(box)) continue;
      const r = control.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) continue;
      // Lists that scroll (the timeline, the inbox) are focusable as a whole: what lies over them is not over a control.
      if (['OL', 'UL'].includes(control.tagName) || control.getAttribute('role') === 'listbox') continue;
      const meets = r.left < outer.right && r.right > outer.left && r.top < outer.bottom && r.bottom > outer.top;
      if (meets) covered.push(control.getAttribute('aria-label') || control.textContent?.trim() || control.tagName);
    }
    return covered;
  });
}
