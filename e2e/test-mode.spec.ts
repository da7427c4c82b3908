// While the server takes test payments, every page says so, from the first paint of a server-rendered
// page as well as on pages the app renders.
import { expect, test } from './fixtures';

for (const path of ['/', '/jobs', '/login', '/post-resume']) {
  test(`${path} shows the test mode banner`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole('complementary', { name: 'Test mode' })).toBeVisible();
  });
}

test('the server-rendered home page carries the banner before any script runs', async ({ request }) => {
  const html = await (await request.get('/')).text();
  expect(html).toContain('class="test-mode-banner"');
});
