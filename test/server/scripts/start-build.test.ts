/**
 * `npm start` builds the web app when dist/web is missing or older than anything it is built
 * from, so a pull followed by `npm start` never serves the SPA of an earlier checkout.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const helper = path.resolve('scripts/lib/build-inputs.mjs');

/** buildReason() run in `cwd`, in its own Node process (the helper is an ES module of the scripts). */
function buildReason(cwd: string): string | null {
  const code = `import(${JSON.stringify(helper)}).then((m) => console.log(JSON.stringify(m.buildReason())))`;
  return JSON.parse(execFileSync(process.execPath, ['-e', code], { cwd, encoding: 'utf8' })) as string | null;
}

function at(file: string, seconds: number): void {
  utimesSync(file, seconds, seconds);
}

test('no build, a current build, then a source changed after the build', () => {
  const root = mkdtempSync(path.join(os.tmpdir(), 'start-build-'));
  mkdirSync(path.join(root, 'src/client/features'), { recursive: true });
  const source = path.join(root, 'src/client/features/page.tsx');
  writeFileSync(source, 'export {};');
  writeFileSync(path.join(root, 'package-lock.json'), '{}');
  at(source, 1_000);
  at(path.join(root, 'src/client/features'), 1_000);
  at(path.join(root, 'src/client'), 1_000);
  at(path.join(root, 'package-lock.json'), 1_000);
  expect(buildReason(root)).toBe('no build found');

  mkdirSync(path.join(root, 'dist/web'), { recursive: true });
  const page = path.join(root, 'dist/web/index.html');
  writeFileSync(page, '<!doctype html>');
  at(page, 2_000);
  expect(buildReason(root)).toBeNull();

  at(source, 3_000);
  expect(buildReason(root)).toBe('src/client changed since the last build');
  at(source, 1_000);
  at(path.join(root, 'package-lock.json'), 3_000);
  expect(buildReason(root)).toBe('package-lock.json changed since the last build');
});
