#!/usr/bin/env node
/**
 * Part of `npm run lint`: code comments point to documents inside the repository, by named anchors
 * that exist, and only where a rule is defined there. A citation reads `docs/<name>.md` (the whole
 * document) or `docs/<name>.md#<anchor>` (further anchors of the same document may follow as
 * `, #<anchor>`). The check fails when
 * - a file cites a document the repository does not hold (any `<NAME>.md §n` outside docs/, or
 *   an issue of the tracker, which a reader of the repository may not have);
 * - a citation uses a section number (`§n`): numbers drift when a section is added, names do not;
 * - a cited anchor is neither an `<a id="…">` of the cited document nor one of its headings;
 * - src/ holds more than MAX_SRC_CITATIONS citations: comments explain the code where it stands,
 *   and cite a document only for a rule it defines (messages, contracts, limits).
 */
import { readFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import path from 'node:path';

const MAX_SRC_CITATIONS = 100;

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
  cwd: root,
  encoding: 'utf8',
})
  .split('\n')
  .filter((f) => /\.(ts|tsx|js|mjs|cjs|css)$/.test(f) && !f.startsWith('test/fixtures/'));

/** GitHub's heading slug: lower case, punctuation dropped, spaces to hyphens. */
function slug(heading) {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s-]/gu, '')
    .replace(/\s/g, '-');
}

const anchorsOf = new Map();
/** The anchors of a document (explicit ids and heading slugs), or null when it does not exist. */
function anchors(doc) {
  if (!anchorsOf.has(doc)) {
    let text;
    try {
      text = readFileSync(path.join(root, doc), 'utf8');
    } catch {
      anchorsOf.set(doc, null);
      return null;
    }
    const ids = new Set([...text.matchAll(/<a id="([a-z0-9-]+)"><\/a>/g)].map((m) => m[1]));
    for (const m of text.matchAll(/^#{1,6} (.+)$/gm)) ids.add(slug(m[1]));
    anchorsOf.set(doc, ids);
  }
  return anchorsOf.get(doc);
}

// An upper-case document name with a section sign, or a bare upper-case *.md name: both mean a
// document that is not under docs/.
const FOREIGN = /\b(?:[A-Z][A-Z-]{2,}(?:\.md)?\s*§\s*\d+|[A-Z][A-Z-]{2,}\.md|[Ii]ssue #?\d+)\b/g;
// docs/<name>.md, then either anchors ("#a, #b") or, wrongly, section numbers ("§2, §4").
const CITATION = /docs\/([a-z0-9-]+\.md)((?:#[a-z0-9-]+)(?:,\s*#[a-z0-9-]+)*|(?:\s*(?:,|and|or)?\s*§\s*\d+)+)?/g;

const problems = [];
let srcCitations = 0;
for (const file of files) {
  const text = readFileSync(path.join(root, file), 'utf8');
  text.split('\n').forEach((line, i) => {
    const at = `${file}:${i + 1}`;
    for (const m of line.matchAll(FOREIGN)) {
      if (m[0] === 'README.md') continue;
      problems.push(`${at}: cites '${m[0]}', which is not a document of this repository`);
    }
    for (const m of line.matchAll(CITATION)) {
      const doc = `docs/${m[1]}`;
      if (file.startsWith('src/')) srcCitations += 1;
      const known = anchors(doc);
      if (known === null) {
        problems.push(`${at}: cites ${doc}, which does not exist`);
        continue;
      }
      const rest = m[2] ?? '';
      if (rest.includes('§')) {
        problems.push(`${at}: cites ${doc} by section number; cite a named anchor (${doc}#name)`);
        continue;
      }
      for (const a of rest.matchAll(/#([a-z0-9-]+)/g)) {
        if (!known.has(a[1])) problems.push(`${at}: ${doc} has no anchor #${a[1]}`);
      }
    }
  });
}
if (srcCitations > MAX_SRC_CITATIONS) {
  problems.push(
    `src/ cites the docs ${srcCitations} times (at most ${MAX_SRC_CITATIONS}): explain the code where it stands`,
  );
}

if (problems.length > 0) {
  console.error(problems.join('\n'));
  console.error(`doc references: ${problems.length} problem(s)`);
  process.exit(1);
}
console.log(
  `doc references: ${files.length} files checked, ${srcCitations} citations in src, every one by a named anchor inside the repository`,
);
