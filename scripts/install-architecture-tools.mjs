// The root's postinstall: installs tools/architecture, the dependency check `npm run lint:deps` runs
// (its own TypeScript 5.9 beside the workspace's 7), on development installs only. A production
// install (`npm ci --omit=dev`, `NODE_ENV=production npm install`) leaves the devDependencies out,
// lint included, so it has no use for it: it is skipped, unless `--include=dev` asks for them.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const env = process.env;
const lists = (value, name) => (value ?? '').split(/[\s,]+/).includes(name);
const omitsDev =
  (lists(env.npm_config_omit, 'dev') ||
    env.npm_config_production === 'true' ||
    env.NODE_ENV === 'production') &&
  !lists(env.npm_config_include, 'dev');

if (omitsDev) {
  console.log('postinstall: a production install; tools/architecture (npm run lint:deps) is not installed');
} else {
  const prefix = fileURLToPath(new URL('../tools/architecture', import.meta.url));
  const npm = spawnSync('npm', ['ci', '--prefix', prefix, '--no-audit', '--no-fund', '--loglevel=error'], {
    stdio: 'inherit',
  });
  process.exit(npm.status ?? 1);
}
