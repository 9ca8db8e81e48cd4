import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../src/config';

// `npm run lint:deps` (part of `npm run lint`, so CI) holds the layers of .dependency-cruiser.cjs.
// A check that never fails looks the same as one that passes: these tests run it, with the
// repository's own rules, on small trees laid out like the repository, and see each rule fire.

const DEPCRUISE = join(REPO_ROOT, 'tools/architecture/node_modules/.bin/depcruise');
const RULES = join(REPO_ROOT, '.dependency-cruiser.cjs');

type Violation = { rule: string; from: string; to: string };

const folders: string[] = [];
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

/**
 * Writes `files` (path → source) into a new folder and runs the dependency check on it: what it
 * found wrong, and how many files it read (every one, or the check saw nothing to judge).
 */
function check(files: Readonly<Record<string, string>>): { violations: Violation[]; cruised: number } {
  const root = mkdtempSync(join(tmpdir(), 'rc-architecture-'));
  folders.push(root);
  const tree = { 'tsconfig.base.json': '{ "compilerOptions": { "moduleResolution": "bundler" } }', ...files };
  for (const [path, source] of Object.entries(tree)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), source);
  }
  const run = spawnSync(DEPCRUISE, ['packages', 'apps', '--config', RULES, '--output-type', 'json'], {
    cwd: root,
    encoding: 'utf8',
  });
  if (!run.stdout) throw new Error(`depcruise wrote nothing: ${run.stderr}`);
  const { summary } = JSON.parse(run.stdout) as {
    summary: { totalCruised: number; violations: { rule: { name: string }; from: string; to: string }[] };
  };
  return {
    violations: summary.violations.map(({ rule, from, to }) => ({ rule: rule.name, from, to })),
    cruised: summary.totalCruised,
  };
}

/** Pieces every tree has: a shared rule, a server utility, a feature with an internal file. */
const COMMON = {
  'packages/shared/src/rule.ts': 'export const limit = 3;\n',
  'apps/server/src/lib/clock.ts': 'export type Clock = () => number;\n',
  'apps/server/src/modules/members/queries.ts': 'export const columns = ["id"];\n',
  'apps/server/src/modules/members/index.ts': "export { columns } from './queries';\n",
  'apps/server/src/modules/members/routes.ts': 'export const memberRoutes = [];\n',
};

describe('the dependency check', () => {
  it('passes a tree whose imports keep to the layers', () => {
    const files = {
      ...COMMON,
      'apps/server/src/ports/clock.ts': [
        "import { limit } from '../../../../packages/shared/src/rule';",
        'export type Ticker = { every: typeof limit };',
      ].join('\n'),
      'apps/server/src/context.ts': [
        "import type { Clock } from './lib/clock';",
        "import type { Ticker } from './ports/clock';",
        'export type Context = { clock: Clock; ticker: Ticker };',
      ].join('\n'),
      'apps/server/src/plugins/page.ts':
        "import type { Context } from '../context';\nexport type Page = Context;\n",
      'apps/server/src/modules/feed/index.ts': [
        "import type { Context } from '../../context';",
        "import { columns } from '../members';",
        'export const feed = (ctx: Context) => [ctx, columns];',
      ].join('\n'),
      'apps/server/src/routes.ts': "export { memberRoutes } from './modules/members/routes';\n",
    };
    const { violations, cruised } = check(files);
    expect(violations).toEqual([]);
    expect(cruised).toBe(Object.keys(files).length);
  });

  it('fails on a cycle of type imports, a layer crossed the wrong way, and a feature reached past its entry', () => {
    const { violations } = check({
      ...COMMON,
      // Two files that need each other's types only: still a cycle (tsPreCompilationDeps).
      'apps/server/src/modules/feed/card.ts':
        "import type { Deck } from './deck';\nexport type Card = { deck: Deck };\n",
      'apps/server/src/modules/feed/deck.ts':
        "import type { Card } from './card';\nexport type Deck = Card[];\n",
      // A feature reaching another's internal file, not its index.ts.
      'apps/server/src/modules/feed/index.ts': [
        "import { columns } from '../members/queries';",
        "export type { Card } from './card';",
        'export const feed = columns;',
      ].join('\n'),
      // Infrastructure calling a feature: a plugin, and the app context.
      'apps/server/src/plugins/page.ts':
        "import { feed } from '../modules/feed';\nexport const page = feed;\n",
      'apps/server/src/context.ts':
        "import type { Card } from './modules/feed';\nexport type Context = { card: Card };\n",
      // A port that is not a leaf.
      'apps/server/src/ports/clock.ts':
        "import type { Context } from '../context';\nexport type Ticker = Context;\n",
      // Shared, which the web app imports too, importing the server.
      'packages/shared/src/clock.ts': [
        "import type { Clock } from '../../../apps/server/src/lib/clock';",
        'export type SharedClock = Clock;',
      ].join('\n'),
      // A feature's routes registered somewhere else than routes.ts.
      'apps/server/src/app.ts':
        "import { memberRoutes } from './modules/members/routes';\nexport const app = memberRoutes;\n",
    });
    const seen = violations.map(({ rule, from, to }) => `${rule}: ${from} → ${to}`);
    expect(seen).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^no-cycle: apps\/server\/src\/modules\/feed\/(card|deck)\.ts → /),
        'infrastructure-imports-no-feature: apps/server/src/plugins/page.ts → apps/server/src/modules/feed/index.ts',
        'infrastructure-imports-no-feature: apps/server/src/context.ts → apps/server/src/modules/feed/index.ts',
        'ports-are-leaves: apps/server/src/ports/clock.ts → apps/server/src/context.ts',
        'features-meet-at-their-entry: apps/server/src/modules/feed/index.ts → apps/server/src/modules/members/queries.ts',
        'shared-imports-nothing-of-ours: packages/shared/src/clock.ts → apps/server/src/lib/clock.ts',
        'routes-registered-in-one-place: apps/server/src/app.ts → apps/server/src/modules/members/routes.ts',
      ]),
    );
  });
});
