import type { Locator } from '@playwright/test';
import { DEMO, DEMO_PASSWORD } from '../harness/demo';
import { expect, signInContext, test } from '../harness/fixtures';
import { capture, findings, type Shot, shotContext, THEMES, useTheme, WIDTHS } from './shot';

// Issue 37's screens: every tab of the admin dashboard, a member's detail with its access panel, and
// an open report beside the reported member's history, at 768 (a tablet) and 1440 in both themes,
// each checked with axe. The demo admin, with the harness's admin desk (an open report, a pending
// application) in the queues.

/** Each tab, and what shows once it has read its data (null: a queue that may be empty here). */
const TABS: readonly { id: string; ready: ((panel: Locator) => Locator) | null }[] = [
  { id: 'users', ready: (panel) => panel.getByRole('table', { name: 'Users' }) },
  { id: 'events', ready: (panel) => panel.getByRole('region', { name: 'Party Management' }) },
  { id: 'photos', ready: (panel) => panel.getByRole('tab', { name: 'Pending Review' }) },
  { id: 'verification', ready: (panel) => panel.getByRole('tab', { name: 'Pending Review' }) },
  { id: 'analytics', ready: (panel) => panel.getByRole('heading', { name: 'Sign-ups' }) },
  { id: 'reports', ready: (panel) => panel.getByRole('table', { name: 'Open reports, oldest first' }) },
  { id: 'support', ready: null },
  { id: 'waitlist', ready: (panel) => panel.getByRole('table', { name: /^Pending waitlist applications/ }) },
  { id: 'appeals', ready: null },
  { id: 'audit', ready: (panel) => panel.getByRole('table', { name: 'Audit log, newest first' }) },
  { id: 'mailbox', ready: null },
];

for (const theme of THEMES) {
  for (const width of WIDTHS.filter((w) => w.name === '768' || w.name === '1440')) {
    test(`admin dashboard at ${width.name} px, ${theme.name}`, async ({ browser, globals }) => {
      test.setTimeout(300_000);
      const context = await shotContext(browser, globals.baseUrl, width);
      await signInContext(context, DEMO.admin.email, DEMO_PASSWORD);
      await useTheme(context, globals.baseUrl, theme.darkMode);
      const page = await context.newPage();
      const shot: Shot = { page, width, theme };

      for (const { id, ready } of TABS) {
        await page.goto(`/admin?tab=${id}`);
        const sections = page.getByRole('tablist', { name: 'Admin sections' });
        await expect(sections.getByRole('tab', { selected: true })).toHaveAttribute(
          'id',
          new RegExp(`${id}$`),
        );
        // The dashboard's panel (Photo Moderation and Verification have tabs of their own inside it).
        const panel = page.getByRole('tabpanel').first();
        if (ready) await expect(ready(panel).first()).toBeVisible({ timeout: 15_000 });
        // Skeletons gone: the tab shows what it read.
        await expect(panel.locator('.skeleton')).toHaveCount(0, { timeout: 15_000 });
        await capture(shot, `admin-${id}`);
      }

      // A member's detail, with the tier, the verify toggle and the access panel.
      const { member } = globals.adminDesk;
      await page.goto(`/admin?tab=users&member=${member.id}`);
      const detail = page.getByRole('dialog', { name: member.name });
      await expect(detail.getByText('Not suspended or banned')).toBeVisible();
      await capture(shot, 'admin-member-detail');
      await detail.getByRole('button', { name: 'Suspend' }).click();
      await expect(page.getByRole('dialog', { name: `Suspend ${member.name}` })).toBeVisible();
      await capture(shot, 'admin-suspend-dialog');

      // The open report, claimed, beside the reported member's history.
      await page.goto('/admin?tab=reports');
      await page
        .getByRole('table', { name: 'Open reports, oldest first' })
        .getByRole('button', { name: globals.adminDesk.reported.name })
        .click();
      const report = page.getByRole('dialog', { name: `Report against ${globals.adminDesk.reported.name}` });
      await expect(report.getByText(/Claimed by you until/)).toBeVisible();
      await capture(shot, 'admin-report');
      await page.keyboard.press('Escape');

      await context.close();
      expect(findings.splice(0), 'axe: serious or critical findings').toEqual([]);
    });
  }
}
