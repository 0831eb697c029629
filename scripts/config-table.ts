/**
 * Writes README's configuration table from the configuration schema (`npm run docs:config`); a test checks
 * that the README holds the current table.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { configTable } from '../src/server/core/config-schema';

const START = '<!-- config-table:start -->';
const END = '<!-- config-table:end -->';
const readme = readFileSync('README.md', 'utf8');
const from = readme.indexOf(START);
const to = readme.indexOf(END);
if (from < 0 || to < from) {
  console.error(`docs:config: README.md has no ${START} … ${END} block`);
  process.exit(1);
}
writeFileSync('README.md', `${readme.slice(0, from + START.length)}\n\n${configTable()}\n\n${readme.slice(to)}`);
console.log('docs:config: README.md configuration table written');
