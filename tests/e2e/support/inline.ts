import { expect, type Locator, type Page } from '@playwright/test';

/** The field is marked invalid, has the focus, and its description is the message. */
export async function expectInline(page: Page, field: Locator, message: string | RegExp) {
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(field).toBeFocused();
  const described = await field.getAttribute('aria-describedby');
  expect(described).toBeTruthy();
  const ids = (described ?? '').split(' ');
  const error = page.locator(`[id="${ids[ids.length - 1]}"]`);
  await expect(error).toHaveText(message);
  await expect(error).toBeVisible();
}
