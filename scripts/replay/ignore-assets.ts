/**
 * Lets Node load the client's TSX for the replay: stylesheet and image imports (handled by
 * webpack in the app) load as empty modules or file names, and the webpack-defined globals
 * get values. Must be imported before any client module (scripts/replay.ts does it first).
 * tsx runs these scripts as CommonJS, so `require.extensions` is the hook that applies.
 */
import path from 'node:path';
import { readFileSync } from 'node:fs';

type Loader = (module: NodeJS.Module, filename: string) => void;
const extensions = require.extensions as unknown as Record<string, Loader>;

for (const ext of ['.css', '.scss']) extensions[ext] = (module) => void (module.exports = {});
for (const ext of ['.png', '.svg', '.jpg', '.jpeg', '.gif', '.woff', '.woff2'])
  extensions[ext] = (module, filename) => void (module.exports = `/assets/${path.basename(filename)}`);

const pkg = JSON.parse(readFileSync(path.join(__dirname, '../../package.json'), 'utf8')) as { version: string };
const globals = globalThis as Record<string, unknown>;
globals.__APP_VERSION__ ??= pkg.version;
globals.__BUILD_ID__ ??= 'replay';
