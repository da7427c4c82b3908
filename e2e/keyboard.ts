// Moving through a page with the keyboard alone, as the journeys that must work without a mouse do.
import type { Locator, Page } from '@playwright/test';
import { expect } from './fixtures';

/** Whether `target` has the focus. */
export const isFocused = (target: Locator) => target.evaluate((element) => element === document.activeElement);

/** Presses Tab (or Shift+Tab, to go back) until `target` has the focus (at most 150 times). */
export async function tabTo(page: Page, target: Locator, key: 'Tab' | 'Shift+Tab' = 'Tab') {
  for (let i = 0; i < 150 && !(await isFocused(target)); i++) await page.keyboard.press(key);
  await expect(target).toBeFocused();
}

/**
 * Tabs to a closed select and picks `value` with the arrow keys, down from where it is. A select may
 * act on each change (the schools directory navigates), and its value follows only once that lands,
 * so each press waits for the value it should give: reading the value between two presses could see
 * the old one and go past.
 */
export async function pickWithArrows(page: Page, select: Locator, value: string) {
  await tabTo(page, select);
  const values = await select
    .locator('option')
    .evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value));
  const from = values.indexOf(await select.inputValue());
  const to = values.indexOf(value);
  expect(to, `${value} is an option at or below the current one`).toBeGreaterThanOrEqual(from);
  for (let i = from + 1; i <= to; i++) {
    await page.keyboard.press('ArrowDown');
    await expect(select).toHaveValue(values[i]!);
  }
}
