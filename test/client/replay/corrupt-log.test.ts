import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { readLog } from '../../../scripts/replay/read-log';
import { LogError } from '../../../scripts/replay/log-types';

const entry = (index: number, type = 'router/locationChanged') => ({
  index,
  at: 1000 + index,
  type,
  payload: { pathname: `/p${index}`, search: '' },
});
const exportOf = (actions: unknown[]) => ({
  format: 'oddsmate-action-log',
  version: 1,
  appVersion: '0.1.0',
  buildId: 'b',
  actions,
});
const pretty = (value: unknown) => JSON.stringify(value, null, 1);

function failure(text: string): string {
  try {
    readLog(text);
  } catch (error) {
    expect(error).toBeInstanceOf(LogError);
    return (error as Error).message;
  }
  throw new Error('the log was accepted');
}

describe('corrupted or truncated logs', () => {
  it('names the entry a truncated file ends in', () => {
    const text = pretty(exportOf([1, 2, 3, 4, 5, 6, 7].map((i) => entry(i))));
    const cut = text.slice(0, text.indexOf('"/p6"') + 3);
    expect(failure(cut)).toMatch(
      /^the file ends in the middle of entry actions\[5\] \(index 6\) at actions\[5\]\.payload.*entries before it are intact/,
    );
  });

  it('names the entry holding invalid JSON', () => {
    const text = pretty(exportOf([entry(1), entry(2), entry(3)])).replace('"/p2"', '"/p2",,');
    expect(failure(text)).toMatch(/^invalid JSON in entry actions\[1\] \(index 2\)/);
  });

  it('names entries with a missing type, a bad time or an out-of-order index', () => {
    expect(failure(JSON.stringify(exportOf([entry(1), { index: 2, at: 5 }])))).toBe(
      'entry actions[1] (index 2): "type" is missing or empty',
    );
    expect(failure(JSON.stringify(exportOf([entry(1), { ...entry(2), at: 'soon' }])))).toBe(
      'entry actions[1] (index 2): "at" must be a time in ms, got "soon"',
    );
    expect(failure(JSON.stringify(exportOf([entry(4), entry(3)])))).toBe(
      'entry actions[1] (index 3): "index" 3 does not follow 4; entries are out of order or duplicated',
    );
    expect(failure(JSON.stringify(exportOf([entry(1), 'oops'])))).toBe('entry actions[1] is not an object');
  });

  it('rejects what is not a log at all', () => {
    expect(failure('')).toBe('the file is empty');
    expect(failure('{"hello":1}')).toMatch(/^not an action log/);
    expect(failure(JSON.stringify({ ...exportOf([]), version: 9 }))).toMatch(
      /unsupported oddsmate-action-log version 9/,
    );
    expect(failure(JSON.stringify({ ...exportOf([]), actions: undefined }))).toBe('"actions" is missing or not a list');
  });

  it('names the bad part of a DevTools export', () => {
    const payload = JSON.stringify([{ type: 'a' }, { type: 'b' }]);
    expect(failure(JSON.stringify({ payload: payload.slice(0, -8) }))).toMatch(
      /^"payload" is not valid JSON .*truncated/,
    );
    expect(failure(JSON.stringify({ payload: JSON.stringify([{ type: 'a' }, { nope: 1 }]) }))).toBe(
      'payload[1] (action 2) is not an action: it has no "type"',
    );
    const lifted = { actionsById: { 0: { action: { type: '@@INIT' } } }, stagedActionIds: [0, 1] };
    expect(failure(JSON.stringify(lifted))).toBe('actionsById["1"] is missing (listed in stagedActionIds)');
  });

  it('makes npm run replay exit non-zero with the message', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'oddsmate-replay-test-'));
    const file = path.join(dir, 'bad.json');
    const text = pretty(exportOf([entry(1), entry(2), entry(3)]));
    writeFileSync(file, text.slice(0, text.indexOf('"/p3"')));
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/replay.ts', file], {
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/replay: bad log: the file ends in the middle of entry actions\[2\] \(index 3\)/);
    expect(run.stdout).toBe('');
  }, 60_000);
});
