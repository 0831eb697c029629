// Size budget of the landing page (issue budget: JS ≤ 120 KB, CSS ≤ 30 KB, both gzipped):
// the scripts and stylesheets dist/web/index.html loads before anything else, gzipped as the
// server sends them.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

export const BUDGET_KB = { js: 120, css: 30 };
/**
 * The JavaScript a logged-in /dashboard loads first may not exceed what it loaded before the match
 * page existed (147.29 KB gzipped): the match page, its chart and /drops live in chunks of their own.
 */
export const DASHBOARD_JS_BUDGET_KB = 147.3;

function gzippedKb(root, href) {
  const file = path.join(root, href.replace(/^\//, ''));
  return gzipSync(readFileSync(file), { level: 9 }).length / 1024;
}

/** KB gzipped of the built files behind these same-origin script URLs. */
export function scriptsKb(urls, root = 'dist/web') {
  return urls.reduce((total, url) => total + gzippedKb(root, new URL(url).pathname), 0);
}

/** { js, css } in KB gzipped, with the files counted. */
export function landingBudget(root = 'dist/web') {
  const html = readFileSync(path.join(root, 'index.html'), 'utf8');
  const scripts = [...html.matchAll(/<script[^>]*\ssrc="([^"]+)"/g)].map((m) => m[1]);
  const styles = [...html.matchAll(/<link[^>]*rel="stylesheet"[^>]*>/g)]
    .map((m) => /href="([^"]+)"/.exec(m[0])?.[1])
    .filter(Boolean);
  const sum = (files) => files.reduce((total, href) => total + gzippedKb(root, href), 0);
  return { js: sum(scripts), css: sum(styles), scripts, styles };
}

export function printLandingBudget({ js, css, scripts, styles }) {
  const mark = (value, budget) => `${value.toFixed(1)} KB${value <= budget ? '' : ' (!)'}`;
  console.log(`\nSize budget of / (gzipped):`);
  console.log(
    `  JavaScript ${mark(js, BUDGET_KB.js).padStart(12)}  budget ≤ ${BUDGET_KB.js} KB  (${scripts.length} files)`,
  );
  console.log(
    `  CSS        ${mark(css, BUDGET_KB.css).padStart(12)}  budget ≤ ${BUDGET_KB.css} KB  (${styles.length} files)`,
  );
}
