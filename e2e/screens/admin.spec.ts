import { DEMO, DEMO_PASSWORD } from '../harness/demo';
import { expect, signInContext, test } from '../harness/fixtures';
import { capture, findings, type Shot, shotContext, THEMES, useTheme, WIDTHS } from './shot';

// Issue 37's screens: every tab of the admin dashboard, a member's detail with its access panel, and
// an open report beside the reported member's history, at 768 (a tablet) and 1440 in both themes,
// each checked with axe. The demo admin, with the harness's admin desk (an open report, a pending
// application) in the queues.

const TABS = [
  { id: 'users', ready: 'Users' },
  { id: 'events', ready: 'Party Management' },
  { id: 'photos', ready: 'Pending Review' },
  { id: 'verification', ready: 'Pending Review' },
  { id: 'analytics', ready: 'Sign-ups' },
  { id: 'reports', ready: 'Open reports, oldest first' },
  { id: 'support', ready: null },
  { id: 'waitlist', ready: 'Pending waitlist applications, oldest first' },
  { id: 'appeals', ready: null },
  { id: 'audit', ready: 'Audit log, newest first' },
  { id: 'mailbox', ready: null },
] as const;

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
        await expect(page.getByRole('tab', { selected: true })).toHaveAttribute('aria-controls', /.+/);
        const panel = page.getByRole('tabpanel');
        if (ready) await expect(panel.getByText(ready).first()).toBeVisible({ timeout: 15_000 });
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
