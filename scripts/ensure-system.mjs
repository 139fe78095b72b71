// Installs what a clean machine lacks beyond npm: Debian's chromium (the benchmarks) and its
// headless shell (the browser tests: playwright.config.ts),
// postgresql (the API suite's real-server run), and Java with Saxon-HE and poppler-utils (the
// official EN 16931 / XRechnung validators in tests/validators/einvoice run on Saxon; pdfdetach
// takes the XML out of a Factur-X PDF). Only as root, only when missing.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';

export function chromiumPath() {
  return process.env.CHROMIUM_PATH || '/usr/bin/chromium';
}

/** The browser tests' Chromium, as playwright.config.ts chooses it. */
export function headlessShellPath() {
  return process.env.CHROMIUM_PATH || '/usr/bin/chromium-headless-shell';
}

export function postgresBinDir() {
  if (process.env.PG_BIN_DIR) return process.env.PG_BIN_DIR;
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter((v) => existsSync(`${root}/${v}/bin/initdb`))
    .sort((a, b) => Number(b) - Number(a));
  return versions.length ? `${root}/${versions[0]}/bin` : null;
}

/** What the e-invoice validators (tests/validators/einvoice/validate.sh) need and the machine lacks. */
export function eInvoiceValidatorPackages() {
  const onPath = (cmd) => {
    try {
      execSync(`command -v ${cmd}`, { stdio: 'ignore', shell: '/bin/sh' });
      return true;
    } catch {
      return false;
    }
  };
  const missing = [];
  if (!onPath('java')) missing.push('default-jre-headless');
  if (!existsSync('/usr/share/java/Saxon-HE.jar')) missing.push('libsaxonhe-java');
  if (!onPath('pdfdetach')) missing.push('poppler-utils');
  return missing;
}

export function ensureSystemPackages() {
  const missing = [];
  if (!existsSync(chromiumPath())) missing.push('chromium');
  if (!existsSync(headlessShellPath())) missing.push('chromium-headless-shell');
  if (!postgresBinDir()) missing.push('postgresql');
  missing.push(...eInvoiceValidatorPackages());
  if (!missing.length) return;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot) {
    throw new Error(
      `Missing system packages: ${missing.join(', ')}. Install them (apt-get install ${missing.join(' ')}) or run as root.`,
    );
  }
  console.info(`[test] installing ${missing.join(', ')} with apt-get`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execSync('apt-get update -qq', { stdio: 'inherit', env });
  execSync(`apt-get install -y -qq --no-install-recommends ${missing.join(' ')} fonts-dejavu-core`, {
    stdio: 'inherit',
    env,
  });
}
