import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildApp } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/config';
import { seedDemoData } from '../../apps/server/src/db/seed';
import { createJourneyMembers, type JourneyMember } from './journey-members';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    journeyMembers: JourneyMember[];
  }
}

/**
 * Starts the real server once for all journeys: production mode serving the built web app, a fresh
 * embedded database in a temporary folder, and the demo seed. Journeys talk to it over HTTP only.
 */
function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolvePort(port));
    });
  });
}

export default async function setup(project: TestProject) {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'rc-e2e-'));
  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    DATA_DIR: dataDir,
    PORT: String(port),
    AUTH_SECRET: 'e2e-secret-e2e-secret-e2e-secret-0123456789',
    WEB_DIST: resolve(import.meta.dirname, '../../apps/web/dist'),
  });
  const app = await buildApp(config, { logger: { level: 'warn' } });
  await seedDemoData(app.ctx.db, app.ctx.storage);
  await app.listen({ host: '127.0.0.1', port });
  project.provide('journeyMembers', await createJourneyMembers(app, `http://localhost:${port}`));
  // The browser uses the same origin the server trusts for state-changing requests.
  project.provide('baseUrl', `http://localhost:${port}`);
  return async () => {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
