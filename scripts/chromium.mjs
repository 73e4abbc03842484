// Finds the system Chromium; installs Debian's package when running as root with apt.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(Boolean);

export const findChromium = () => candidates.find((path) => existsSync(path));

export const ensureChromium = () => {
  const found = findChromium();
  if (found) return found;
  const isRoot = process.getuid?.() === 0;
  const hasApt = existsSync('/usr/bin/apt-get');
  if (isRoot && hasApt) {
    console.log("Chromium not found: installing Debian's chromium package…");
    execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium', {
      stdio: 'inherit',
    });
    const installed = findChromium();
    if (installed) return installed;
  }
  console.error(
    'No Chromium found. Install it (Debian: apt-get install chromium) or set CHROMIUM_PATH, then run the tests again.',
  );
  process.exit(1);
};

if (import.meta.url === `file://${process.argv[1]}`) console.log(ensureChromium());
