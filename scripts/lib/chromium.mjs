// Locating the system Chromium (never a downloaded browser) and the flags it needs headless.
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export const chromePath = () => process.env.CHROME_PATH || '/usr/bin/chromium';

export const hasChromium = () => existsSync(chromePath());

export const CHROMIUM_HINT =
  'Chromium was not found at ' +
  chromePath() +
  '. Install it (Debian/Ubuntu: apt-get install -y chromium) or set CHROME_PATH to a Chromium/Chrome binary.';

/** Headless flags that work as root on a machine without outside network. */
export function chromiumArgs({ userDataDir = true } = {}) {
  const args = [
    '--no-sandbox',
    '--disable-setuid-sandbox',
    '--disable-gpu',
    '--disable-dev-shm-usage',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--disable-quic',
    '--no-first-run',
  ];
  if (userDataDir) args.push(`--user-data-dir=${mkdtempSync(path.join(tmpdir(), 'oddsmate-chromium-'))}`);
  return args;
}
