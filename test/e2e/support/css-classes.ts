/**
 * Which class names a stylesheet gives rules to. The production CSS has unused Bootstrap rules
 * purged at build time; a journey fails when an element it showed carries a class that Bootstrap
 * styles but the built stylesheets lost (a purge safelist gap shows up as an unstyled page).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { globSync } from 'glob';
import { ROOT } from './server';

/** The class selectors of a stylesheet's rules (declarations and comments stripped first). */
export function classesOfCss(css: string): Set<string> {
  let selectors = css.replace(/\/\*[\s\S]*?\*\//g, '');
  // Innermost blocks are declarations; nested at-rules keep their selectors outside them.
  selectors = selectors.replace(/\{[^{}]*\}/g, ' ');
  return new Set([...selectors.matchAll(/\.(-?[A-Za-z_][\w-]*)/g)].map((m) => m[1] as string));
}

let cached: { bootstrap: Set<string>; built: Set<string> } | undefined;

function stylesheets() {
  cached ??= {
    bootstrap: classesOfCss(readFileSync(require.resolve('bootstrap/dist/css/bootstrap.css'), 'utf8')),
    built: classesOfCss(
      globSync('dist/web/assets/*.css', { cwd: ROOT })
        .map((file) => readFileSync(path.join(ROOT, file), 'utf8'))
        .join('\n'),
    ),
  };
  return cached;
}

/** Classes among `seen` that Bootstrap styles but no built stylesheet does. */
export function unstyledClasses(seen: Iterable<string>): string[] {
  const { bootstrap, built } = stylesheets();
  return [...seen].filter((name) => bootstrap.has(name) && !built.has(name)).sort();
}
