/**
 * Exact replays or a reason (docs/qa-replay.md, "State check" and "--strict"): the state a replay
 * writes equals the exported one field for field, unknown action types and another build are
 * named, and `--strict` turns any of them into exit 1.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ACTION_MODULES, isKnownAction, unknownActionTypes } from '../../../scripts/replay/known-actions';
import { readLog } from '../../../scripts/replay/read-log';
import { replayLog } from '../../../scripts/replay/replay-log';
import { checkReplay, strictFailures, summarize } from '../../../scripts/replay/summary';
import { recordSession } from './support/record-session';

const dir = mkdtempSync(path.join(tmpdir(), 'oddsmate-replay-strict-'));
const run = (...args: string[]) =>
  spawnSync(process.execPath, ['--import', 'tsx', 'scripts/replay.ts', ...args], {
    encoding: 'utf8',
    timeout: 60_000,
    env: { ...process.env, BUILD_ID: '' },
  });

type Exported = Awaited<ReturnType<typeof recordSession>>['exported'];
let exported: Exported;
beforeAll(async () => {
  exported = { ...(await recordSession()).exported, buildId: 'build-A' };
});

function withStranger(log: Exported): Exported {
  const last = log.actions[log.actions.length - 1]!;
  const stranger = [
    { index: last.index + 1, at: last.at, type: 'qa/notAnOddsMateAction' },
    { index: last.index + 2, at: last.at, type: 'qa/notAnOddsMateAction', payload: { x: 1 } },
    {
      index: last.index + 3,
      at: last.at,
      type: 'api/executeQuery/pending',
      meta: { arg: { endpointName: 'notAnEndpoint' }, requestId: 'r9', requestStatus: 'pending' },
    },
  ];
  return { ...log, actions: [...log.actions, ...stranger] };
}

describe('replay checks', () => {
  it('writes exactly the exported state, middleware registration included, and calls it the same', () => {
    // Another process (the replay) has another api id than the page that registered its middleware.
    const actions = exported.actions.map((a) =>
      a.type === 'api/config/middlewareRegistered' ? { ...a, payload: 'id-of-the-recorded-page' } : a,
    );
    expect(actions.some((a) => a.payload === 'id-of-the-recorded-page')).toBe(true);
    const log = readLog(JSON.stringify({ ...exported, actions }));
    const result = replayLog(log);
    expect(result.store.getState().api.config.middlewareRegistered).toBe('conflict');
    const checks = checkReplay(log, result, { id: 'build-A', from: '--build' });
    expect(checks.written).toEqual(JSON.parse(JSON.stringify(exported.state)));
    expect(
      (checks.written as { api: { config: { middlewareRegistered: unknown } } }).api.config.middlewareRegistered,
    ).toBe(true);
    expect(checks.differences).toEqual([]);
    expect(checks.unknown).toEqual([]);
    expect(strictFailures(checks)).toEqual([]);
    const lines = summarize(log, result, '/dashboard', checks);
    expect(lines).toContain('Actions:    every type known to this build');
    expect(lines).toContain("Build:      same as this replay's (--build)");
    expect(lines).toContain('State check: same as the exported state');
  });

  it('names unknown action types (and requests of endpoints this build lacks) with counts and first index', () => {
    const log = readLog(JSON.stringify(withStranger(exported)));
    const result = replayLog(log);
    const checks = checkReplay(log, result);
    const first = exported.actions[exported.actions.length - 1]!.index + 1;
    expect(checks.unknown).toEqual([
      { type: 'qa/notAnOddsMateAction', count: 2, first },
      { type: 'api/executeQuery/pending (endpoint notAnEndpoint)', count: 1, first: first + 2 },
    ]);
    expect(summarize(log, result, '/dashboard', checks)).toContain(
      `Actions:    2 unknown action types: qa/notAnOddsMateAction (2×, first #${first}), api/executeQuery/pending (endpoint notAnEndpoint) (1×, first #${first + 2})`,
    );
    expect(strictFailures(checks)).toHaveLength(1);
  });

  it('knows every action of a recorded session and RTK Query bookkeeping, not look-alikes', () => {
    for (const action of exported.actions) expect(isKnownAction(action)).toBe(true);
    expect(isKnownAction({ type: 'api/config/middlewareRegistered' })).toBe(true);
    expect(isKnownAction({ type: 'errors/errorShown' })).toBe(true);
    expect(isKnownAction({ type: 'errors/errorShownTwice' })).toBe(false);
    expect(isKnownAction({ type: 'api/executeQuery/fulfilled', meta: { arg: { endpointName: 'getOdds' } } })).toBe(
      true,
    );
    expect(isKnownAction({ type: 'api/executeQuery/done', meta: { arg: { endpointName: 'getOdds' } } })).toBe(false);
    expect(isKnownAction({ type: 'api/somethingElse/x' })).toBe(false);
    expect(unknownActionTypes([])).toEqual([]);
  });

  it('lists every module of src/client that creates actions', () => {
    const root = path.join(__dirname, '../../..');
    const found: string[] = [];
    const walk = (folder: string) => {
      for (const entry of readdirSync(path.join(root, folder), { withFileTypes: true })) {
        const rel = `${folder}/${entry.name}`;
        if (entry.isDirectory()) walk(rel);
        else if (
          /\.tsx?$/.test(entry.name) &&
          /\bcreate(Action|Slice)\(/.test(readFileSync(path.join(root, rel), 'utf8'))
        )
          found.push(rel);
      }
    };
    walk('src/client');
    expect(found.sort()).toEqual(Object.keys(ACTION_MODULES).sort());
  });
});

describe('npm run replay --strict', () => {
  it('exits 0 on an exact replay of this build and 1 naming unknown types, another build or a difference', () => {
    const clean = path.join(dir, 'clean.json');
    writeFileSync(clean, JSON.stringify(exported));
    const state = path.join(dir, 'state.json');
    const ok = run(clean, '--strict', '--build', 'build-A', '--state', state);
    expect(ok.stderr).toBe('');
    expect(ok.status).toBe(0);
    expect(ok.stdout).toContain('State check: same as the exported state');
    expect(JSON.parse(readFileSync(state, 'utf8'))).toEqual(JSON.parse(JSON.stringify(exported.state)));

    const other = run(clean, '--strict', '--build', 'build-B');
    expect(other.status).toBe(1);
    expect(other.stdout).toContain(
      'Build:      DIFFERS: the log is from build build-A, this replay runs build build-B (--build)',
    );
    expect(other.stderr).toContain('replay: --strict: the log is from build build-A, this replay runs build build-B');
    // Without --strict the difference is only reported.
    expect(run(clean, '--build', 'build-B').status).toBe(0);

    const strange = path.join(dir, 'strange.json');
    writeFileSync(strange, JSON.stringify(withStranger(exported)));
    const unknown = run(strange, '--strict', '--build', 'build-A');
    expect(unknown.status).toBe(1);
    expect(unknown.stderr).toContain('2 unknown action types: qa/notAnOddsMateAction');

    const changed = path.join(dir, 'changed.json');
    const state2 = structuredClone(exported.state) as { router: { pathname: string } };
    state2.router.pathname = '/elsewhere';
    writeFileSync(changed, JSON.stringify({ ...exported, state: state2 }));
    const differs = run(changed, '--strict', '--build', 'build-A');
    expect(differs.status).toBe(1);
    expect(differs.stdout).toContain('State check: DIFFERS from the exported state at router.pathname');
    expect(differs.stderr).toContain('the state differs from the exported state at router.pathname');
  }, 120_000);
});
