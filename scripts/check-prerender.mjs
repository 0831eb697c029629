// Checks a build: each of the eight prerendered routes has its own static HTML with its page
// heading and title, and 200.html (served for every other route) is the empty shell.
// Usage: node scripts/check-prerender.mjs [dist/web]   (exit code 1 on any failure)
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** Route → the page's h1, as the public pages render it. */
export const PRERENDERED_HEADINGS = {
  '/': 'Get the best football odds in Nigeria, every time',
  '/nigeria': 'Compare football odds in Nigeria',
  '/kenya': 'OddsMate is coming to Kenya',
  '/ghana': 'OddsMate is coming to Ghana',
  '/about': 'About OddsMate',
  '/terms': 'Terms of Use',
  '/privacy': 'Privacy Policy',
  '/responsible-gambling': 'Responsible Gambling',
};

const decode = (text) =>
  text
    .replace(/&amp;/g, '&')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"');

export function checkPrerender(dir = 'dist/web') {
  const problems = [];
  const read = (file) => (existsSync(path.join(dir, file)) ? readFileSync(path.join(dir, file), 'utf8') : null);
  const titles = new Set();
  for (const [route, heading] of Object.entries(PRERENDERED_HEADINGS)) {
    const file = route === '/' ? 'index.html' : path.join(route.slice(1), 'index.html');
    const html = read(file);
    if (!html) {
      problems.push(`${route}: ${file} is missing`);
      continue;
    }
    const h1 = html.match(/<h1[^>]*>([^<]*)<\/h1>/)?.[1];
    if (decode(h1 ?? '') !== heading) problems.push(`${route}: h1 is ${JSON.stringify(h1)}, expected ${heading}`);
    const title = html.match(/<title>([^<]*)<\/title>/)?.[1] ?? '';
    if (titles.has(title)) problems.push(`${route}: title ${JSON.stringify(title)} repeats another page's`);
    titles.add(title);
    if (!/<main[\s>]/.test(html)) problems.push(`${route}: no <main> landmark`);
    if (!/<footer[\s>]/.test(html)) problems.push(`${route}: no footer`);
  }
  const shell = read('200.html');
  if (!shell) problems.push('200.html is missing');
  else if (!/<div id="?root"?><\/div>/.test(shell)) problems.push('200.html is not the empty shell');
  return problems;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const dir = process.argv[2] ?? 'dist/web';
  const problems = checkPrerender(dir);
  for (const problem of problems) console.error(`check-prerender: ${problem}`);
  if (problems.length > 0) process.exit(1);
  console.log(`check-prerender: ${Object.keys(PRERENDERED_HEADINGS).length} prerendered pages and the shell are fine`);
}
