import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { buildApp } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/config';
import { seedDemoData } from '../../apps/server/src/seed';
import { freePort } from '../../apps/server/test/free-port';
import { startSmtpServer } from '../../apps/server/test/smtp';
import { startControl } from './control';
import { ensureChromium } from './ensure-chromium.mjs';
import { publishGlobals } from './globals';
import {
  createAdminDesk,
  createChatPair,
  createDatePair,
  createEventGuest,
  createExpiredVerificationMember,
  createIssue31Members,
  createJourneyMembers,
  createLeavingPair,
  createRestrictedMembers,
  createSafetyPair,
  createSecurityPair,
  createSettingsPair,
  createVerificationCandidates,
  createWalletTrio,
  JOURNEY_PASSWORD,
} from './journey-members';
import { writeSampleImages } from './sample-images';

const WEB_DIST = resolve(import.meta.dirname, '../../apps/web/dist');

/**
 * Starts the real server once for all journeys: production mode serving the built web app, a fresh
 * embedded database in a temporary folder, and the demo seed. Journeys talk to it over HTTP only.
 * Runs in Playwright's main process; the function it returns is the global teardown.
 */
export default async function globalSetup() {
  // Also run by `npm run test:e2e` before the build; here for `npx playwright test` run directly.
  ensureChromium();
  if (!existsSync(join(WEB_DIST, 'index.html')))
    throw new Error(`${WEB_DIST}/index.html is missing: build the web app first (\`npm run build\`).`);

  const started = Date.now();
  const port = await freePort();
  // The browser uses the same origin the server trusts for state-changing requests.
  const origin = `http://localhost:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'rc-e2e-'));
  // A real SMTP server: the app's e-mail leaves through it, and journeys read what arrived (control.ts).
  const smtp = await startSmtpServer();
  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    DATA_DIR: dataDir,
    PORT: String(port),
    AUTH_SECRET: 'e2e-secret-e2e-secret-e2e-secret-0123456789',
    WEB_DIST,
    // Every journey, in every worker, comes from 127.0.0.1, and together they sign in more than 20
    // times a minute; the per-address limits guard against floods and are tested in the server suite.
    AUTH_RATE_LIMIT_PER_ADDRESS: '1000',
    API_RATE_LIMIT_PER_ADDRESS: '10000',
    // Each journey's /app is rendered on the server, as a member's would be, never the shell a page
    // past its budget gets.
    PAGE_RATE_LIMIT_PER_ADDRESS: '10000',
    PAGE_RATE_LIMIT_PER_MEMBER: '10000',
    // The on-server classifier still scores every upload, but each photo waits for an admin, so the
    // profile journey always has a held photo to approve (a drawn portrait would be approved at once).
    PHOTO_AUTO_APPROVE: 'false',
    SMTP_URL: smtp.url,
  });
  const app = await buildApp(config, { logger: { level: 'warn' } });
  let control: Awaited<ReturnType<typeof startControl>> | null = null;
  const teardown = async () => {
    await control?.close();
    await app.close();
    await smtp.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await seedDemoData(app.ctx);
    await app.listen({ host: '127.0.0.1', port });
    control = await startControl({ app, smtp });
    publishGlobals({
      baseUrl: origin,
      controlUrl: control.url,
      journeyMembers: await createJourneyMembers(app),
      journeyPassword: JOURNEY_PASSWORD,
      chatPair: await createChatPair(app),
      safetyPair: await createSafetyPair(app),
      settingsPair: await createSettingsPair(app),
      leavingPair: await createLeavingPair(app),
      securityPair: await createSecurityPair(app),
      datePair: await createDatePair(app),
      walletTrio: await createWalletTrio(app),
      eventGuest: await createEventGuest(app),
      verificationCandidates: await createVerificationCandidates(app),
      restrictedMembers: await createRestrictedMembers(app),
      expiredVerificationMember: await createExpiredVerificationMember(app),
      issue31: await createIssue31Members(app),
      adminDesk: await createAdminDesk(app),
      sampleImages: await writeSampleImages(dataDir),
    });
    console.log(`e2e: server on ${origin}, seeded, ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  } catch (error) {
    await teardown();
    throw error;
  }
  return teardown;
}
