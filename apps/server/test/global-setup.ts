import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { createTemplate } from '../src/db/scratch';
import { hashPassword } from '../src/lib/password-hash';
import { FACTORY_PASSWORD } from './factory-password';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated database every test file copies: a PostgreSQL template, or a PGlite dump file. */
    testDatabaseTemplate: { postgres: string | null; pgliteDumpPath: string | null };
    /** scrypt is deliberately slow: the factory password is hashed once per run. */
    factoryPasswordHash: string;
  }
}

/** Once per run: migrate a template database and hash the factory password. */
export default async function setup(project: TestProject) {
  const template = await createTemplate(process.env.TEST_DATABASE_URL, 'rc_tmpl');
  let dumpPath: string | null = null;
  if (template.pgliteDump) {
    dumpPath = join(tmpdir(), `rc-test-template-${process.pid}-${Date.now()}.tar`);
    writeFileSync(dumpPath, Buffer.from(await template.pgliteDump.arrayBuffer()));
  }
  project.provide('testDatabaseTemplate', { postgres: template.postgres ?? null, pgliteDumpPath: dumpPath });
  project.provide('factoryPasswordHash', await hashPassword(FACTORY_PASSWORD));
  return async () => {
    if (dumpPath) rmSync(dumpPath, { force: true });
    if (template.postgres) await dropCopies(process.env.TEST_DATABASE_URL as string, template.postgres);
    await template.dispose();
  };
}

/** Drops every copy of the template the workers made (they keep theirs until the run ends). */
async function dropCopies(baseUrl: string, template: string) {
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    const copies = await admin.query<{ name: string }>(
      'select datname as name from pg_database where datname like $1',
      [`${template}\\_c\\_%`],
    );
    for (const { name } of copies.rows) await admin.query(`drop database if exists ${name} with (force)`);
  } finally {
    await admin.end();
  }
}
