// Makes sure the Chromium the browser journeys drive exists before the suite starts, so that a
// missing browser is a clear sentence instead of a launch error. The journeys never download a
// browser: they use Debian's Chromium (or CHROMIUM_PATH).
//
//   node e2e/harness/ensure-chromium.mjs       (run by `npm run test:e2e`; also called by global setup)
//
// Missing, as root on Debian: installs it with apt-get, printing what it does.
// Missing anywhere else: stops at once with the command to run.
// CHROMIUM_NO_INSTALL=1 never installs (behaves as a non-root run; used to test the message).
import { spawnSync } from 'node:child_process';
import { accessSync, constants, existsSync, realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const DEBIAN_CHROMIUM = '/usr/bin/chromium';
const PACKAGES = ['chromium', 'fonts-liberation'];

/** The binary the journeys launch: CHROMIUM_PATH when set, else Debian's Chromium. */
export function chromiumPath() {
  return process.env.CHROMIUM_PATH || DEBIAN_CHROMIUM;
}

/** @param {string} path */
function isExecutable(path) {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** @param {boolean} asRoot */
function installCommand(asRoot) {
  const sudo = asRoot ? '' : 'sudo ';
  return `${sudo}apt-get update && ${sudo}DEBIAN_FRONTEND=noninteractive apt-get install -y ${PACKAGES.join(' ')}`;
}

/** @param {string} path */
function missingMessage(path) {
  const custom = path !== DEBIAN_CHROMIUM;
  const isRoot = process.getuid?.() === 0 && process.env.CHROMIUM_NO_INSTALL !== '1';
  const where = custom ? `${path} (set by CHROMIUM_PATH)` : path;
  const lines = [
    `Browser journeys need Chromium at ${where}, and there is no executable there.`,
    'They never download a browser. Install Debian’s Chromium:',
    '',
    `  ${installCommand(isRoot)}`,
    '',
  ];
  if (custom)
    lines.push(
      'then unset CHROMIUM_PATH (or point it at a Chromium binary) and run `npm run test:e2e` again.',
    );
  else lines.push('then run `npm run test:e2e` again.');
  if (!existsSync('/etc/debian_version'))
    lines.push(
      'Not on Debian: install Chromium with your package manager and set CHROMIUM_PATH to its binary.',
    );
  return lines.join('\n');
}

/**
 * Returns the path of a usable Chromium, installing Debian's when that is possible and allowed;
 * throws an Error whose message says exactly what to run otherwise.
 * @returns {string}
 */
export function ensureChromium() {
  const path = chromiumPath();
  if (isExecutable(path)) return path;

  const canInstall =
    path === DEBIAN_CHROMIUM &&
    process.getuid?.() === 0 &&
    process.env.CHROMIUM_NO_INSTALL !== '1' &&
    existsSync('/etc/debian_version') &&
    isExecutable('/usr/bin/apt-get');
  if (!canInstall) throw new Error(missingMessage(path));

  console.log(`Chromium is missing at ${path}; running as root on Debian, so installing it:`);
  const steps = [
    ['apt-get', ['update']],
    ['apt-get', ['install', '-y', ...PACKAGES]],
  ];
  for (const [command, args] of /** @type {[string, string[]][]} */ (steps)) {
    console.log(`  $ DEBIAN_FRONTEND=noninteractive ${command} ${args.join(' ')}`);
    const run = spawnSync(command, args, {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    if (run.status !== 0)
      throw new Error(
        `${command} ${args.join(' ')} failed (${run.error?.message ?? `exit ${run.status}`}).\n\n${missingMessage(path)}`,
      );
  }
  if (!isExecutable(path))
    throw new Error(
      `Installed ${PACKAGES.join(', ')}, yet ${path} is still missing.\n\n${missingMessage(path)}`,
    );
  console.log(`Chromium installed at ${path}.`);
  return path;
}

/** @param {string | undefined} script */
function isThisFile(script) {
  try {
    return script !== undefined && realpathSync(script) === realpathSync(fileURLToPath(import.meta.url));
  } catch {
    return false;
  }
}

if (isThisFile(process.argv[1])) {
  try {
    ensureChromium();
  } catch (error) {
    console.error(`\n${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  }
}
