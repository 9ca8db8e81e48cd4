import { expect, type Page } from '@playwright/test';

/**
 * Takes a signed-in member who has not passed the compliance gate through it in the browser, as a
 * member would: Terms of Service, Privacy Policy (each ticked, then 'Accept & Continue'), then the
 * age check — skipped, or an ID uploaded (`idFile`). Other journeys that sign up call this first.
 */
export async function passComplianceGate(page: Page, options: { idFile?: string; idType?: string } = {}) {
  await acceptLegalDocument(page, 'Terms of Service', 'Terms Accepted');
  await acceptLegalDocument(page, 'Privacy Policy', 'Privacy Policy Accepted');
  const age = page.getByRole('dialog', { name: 'Age Verification' });
  await expect(age).toBeVisible();
  if (!options.idFile) {
    await age.getByRole('button', { name: 'Skip for now' }).click();
    await expect(page.getByRole('dialog')).toBeHidden();
    return;
  }
  await age.getByRole('button', { name: 'Verify with ID' }).click();
  const upload = page.getByRole('dialog', { name: 'Upload Your ID' });
  await upload.getByText(options.idType ?? "Driver's License").click();
  await upload.getByLabel('ID image').setInputFiles(options.idFile);
  await upload.getByRole('button', { name: 'Upload ID' }).click();
  await expect(page.getByText('ID Uploaded Successfully')).toBeVisible();
  const submitted = page.getByRole('dialog', { name: 'ID Submitted' });
  await submitted.getByRole('button', { name: 'Continue' }).click();
  await expect(submitted).toBeHidden();
}

/** One legal document of the gate: tick, accept, and see the spec's toast. */
export async function acceptLegalDocument(page: Page, title: string, toast: string) {
  const dialog = page.getByRole('dialog', { name: title });
  await expect(dialog).toBeVisible();
  const accept = dialog.getByRole('button', { name: 'Accept & Continue' });
  await expect(accept).toBeDisabled();
  await dialog.getByRole('checkbox').check();
  await accept.click();
  await expect(page.getByText(toast)).toBeVisible();
}
