#!/usr/bin/env node
/**
 * Part of `npm run lint`: code comments point to documents inside the repository, and only to
 * sections that exist. A citation reads `docs/<name>.md §n`; the check fails when
 * - a file cites a document the repository does not hold (any `<NAME>.md §n` outside docs/, or
 *   an issue of the tracker, which a reader of the repository may not have), or
 * - a cited section `§n` has no `## n.` heading in the cited document.
 */
import { readFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
  cwd: root,
  encoding: 'utf8',
})
  .split('\n')
  .filter((f) => /\.(ts|tsx|js|mjs|cjs|css)$/.test(f) && !f.startsWith('test/fixtures/'));

const sectionsOf = new Map();
function sections(doc) {
  if (!sectionsOf.has(doc)) {
    let text = '';
    try {
      text = readFileSync(path.join(root, doc), 'utf8');
    } catch {
      sectionsOf.set(doc, null);
      return null;
    }
    sectionsOf.set(doc, new Set([...text.matchAll(/^## (\d+)\./gm)].map((m) => m[1])));
  }
  return sectionsOf.get(doc);
}

// An upper-case document name with a section sign, or a bare upper-case *.md name: both mean a
// document that is not under docs/.
const FOREIGN = /\b(?:[A-Z][A-Z-]{2,}(?:\.md)?\s*§\s*\d+|[A-Z][A-Z-]{2,}\.md|[Ii]ssue #?\d+)\b/g;
// docs/<name>.md followed by one or more sections: "docs/product.md §2, §4".
const CITATION = /docs\/([a-z0-9-]+\.md)((?:\s*(?:,|and|or)?\s*§\s*\d+)*)/g;

const problems = [];
for (const file of files) {
  const text = readFileSync(path.join(root, file), 'utf8');
  const lines = text.split('\n');
  lines.forEach((line, i) => {
    for (const m of line.matchAll(FOREIGN)) {
      if (m[0] === 'README.md') continue;
      problems.push(`${file}:${i + 1}: cites '${m[0]}', which is not a document of this repository`);
    }
    for (const m of line.matchAll(CITATION)) {
      const doc = `docs/${m[1]}`;
      const known = sections(doc);
      if (known === null) {
        problems.push(`${file}:${i + 1}: cites ${doc}, which does not exist`);
        continue;
      }
      for (const s of m[2].matchAll(/§\s*(\d+)/g)) {
        if (!known.has(s[1])) problems.push(`${file}:${i + 1}: ${doc} has no section §${s[1]}`);
      }
    }
  });
}

if (problems.length > 0) {
  console.error(problems.join('\n'));
  console.error(`doc references: ${problems.length} problem(s)`);
  process.exit(1);
}
console.log(`doc references: ${files.length} files checked, every citation points inside the repository`);
