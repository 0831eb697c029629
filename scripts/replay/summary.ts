/** The replay's printed report: where the person was, what was open, who, and what failed. */
import { competitionName, marketName } from '@shared/lookups';
import { sanitize } from '../../src/client/app/sanitize';
import type { AppStore } from '../../src/client/app/store';
import { selectCompetitionId, selectMarketId } from '../../src/client/features/dashboard/dashboard.slice';
import { errorsInLog, errorsInState, type SeenError } from './error-codes';
import type { ReplayBuild } from './build-id';
import { unknownActionTypes, type UnknownType } from './known-actions';
import type { LoadedLog } from './log-types';
import type { ReplayResult } from './replay-log';

/**
 * Fields a replay cannot reproduce by design; it writes the recorded value instead
 * (docs/qa-replay.md, "State check"). RTK Query's `api.config.middlewareRegistered` compares
 * the id the live page's middleware registered with the api's own id, which is new on every
 * load: replayed in another process the recorded id never matches ("conflict"), and a replay
 * runs without that middleware anyway. It is recorded once the registration was replayed.
 */
const RECORDED_FIELDS: ReadonlyArray<{ path: readonly string[]; replayed: (value: unknown) => boolean }> = [
  { path: ['api', 'config', 'middlewareRegistered'], replayed: (value) => value !== false },
];

function parentOf(state: unknown, path: readonly string[]): Record<string, unknown> | undefined {
  let node = state;
  for (const key of path.slice(0, -1)) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return typeof node === 'object' && node !== null ? (node as Record<string, unknown>) : undefined;
}

/**
 * The state a replay writes (`--state`) and checks: the replayed state, sanitized, with the
 * recorded value of each field of RECORDED_FIELDS (when the log has a recorded state).
 */
export function writtenState(replayed: unknown, recorded: unknown): unknown {
  const state = structuredClone(sanitize(replayed));
  if (recorded === undefined) return state;
  for (const { path, replayed: wasReplayed } of RECORDED_FIELDS) {
    const key = path[path.length - 1]!;
    const target = parentOf(state, path);
    const source = parentOf(recorded, path);
    if (target && source && key in target && key in source && wasReplayed(target[key])) target[key] = source[key];
  }
  return state;
}

/** Paths where two JSON values differ (at most `limit`). */
export function differences(a: unknown, b: unknown, path = '', limit = 10, found: string[] = []): string[] {
  if (found.length >= limit || Object.is(a, b)) return found;
  const bothObjects = typeof a === 'object' && typeof b === 'object' && a !== null && b !== null;
  if (!bothObjects || Array.isArray(a) !== Array.isArray(b)) {
    found.push(path || '(root)');
    return found;
  }
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const key of keys) {
    const next = Array.isArray(a) ? `${path}[${key}]` : path ? `${path}.${key}` : key;
    differences((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key], next, limit, found);
  }
  return found;
}

export function formatError({ index, where, code, message }: SeenError): string {
  const at = index === null ? '' : `#${index}  `;
  return `${at}${code}  (${where})${message ? `  ${message}` : ''}`;
}

/** The replayed state; parts that load lazily are absent when the log never reached them. */
type ReplayedState = ReturnType<AppStore['getState']>;

function describeAuth(state: ReplayedState): string {
  const { session, loading } = state.auth;
  if (session) return `logged in as ${session.user?.username ?? '?'}${loading ? ' (start-up check running)' : ''}`;
  return loading ? 'checking the stored session (start-up)' : 'logged out';
}

function describeDialogs(state: ReplayedState): string {
  const stack = state.dialogs?.stack ?? [];
  if (stack.length === 0) return 'none';
  const shown = stack.map((d) =>
    [d.name, d.context && `context ${d.context}`, d.email && `e-mail ${d.email}`].filter(Boolean).join(', '),
  );
  return `${shown.join(' > ')}  (top: ${stack[stack.length - 1]?.name})`;
}

function describeSelection(state: ReplayedState): string {
  const competitionId = selectCompetitionId(state);
  const marketId = selectMarketId(state);
  const competition = competitionId === null ? 'none' : `${competitionId} ${competitionName(competitionId)}`;
  const market = marketId === null ? 'none' : `${marketId} ${marketName(marketId)}`;
  return `competition ${competition}, market ${market}`;
}

export interface ReplayChecks {
  /** Action types the app's reducers do not know, among the replayed actions. */
  unknown: UnknownType[];
  /** Paths where the written state differs from the exported one; null when not compared (a partial replay, or no exported state). */
  differences: string[] | null;
  /** The log's build and this replay's; `differs` only when both are known. */
  build: { log?: string; replay?: ReplayBuild; differs: boolean };
  /** What `--state` writes: the replayed state with RECORDED_FIELDS from the export. */
  written: unknown;
}

export function checkReplay(log: LoadedLog, result: ReplayResult, replay?: ReplayBuild): ReplayChecks {
  const written = writtenState(result.store.getState(), log.recordedState);
  const full = result.applied.length > 0 && result.lastIndex === log.actions[log.actions.length - 1]?.index;
  const diff = log.recordedState !== undefined && full ? differences(written, sanitize(log.recordedState)) : null;
  const logBuild = typeof log.info.buildId === 'string' ? log.info.buildId : undefined;
  return {
    unknown: unknownActionTypes(result.applied),
    differences: diff,
    build: { log: logBuild, replay, differs: Boolean(logBuild && replay && logBuild !== replay.id) },
    written,
  };
}

/** Why `--strict` fails this replay (empty: it passes). */
export function strictFailures(checks: ReplayChecks): string[] {
  const reasons: string[] = [];
  if (checks.build.differs)
    reasons.push(`the log is from build ${checks.build.log}, this replay runs build ${checks.build.replay?.id}`);
  if (checks.unknown.length) reasons.push(unknownLine(checks.unknown));
  if (checks.differences?.length)
    reasons.push(`the state differs from the exported state at ${checks.differences.join(', ')}`);
  return reasons;
}

function unknownLine(unknown: UnknownType[]): string {
  const named = unknown.map((u) => `${u.type} (${u.count}×, first #${u.first})`).join(', ');
  return `${unknown.length} unknown action type${unknown.length === 1 ? '' : 's'}: ${named}`;
}

function buildLine({ log, replay, differs }: ReplayChecks['build']): string {
  if (!log) return 'Build:      the log names no build (not checked)';
  if (!replay)
    return `Build:      not checked: no build here to compare with ${log} (npm run build, BUILD_ID or --build)`;
  return differs
    ? `Build:      DIFFERS: the log is from build ${log}, this replay runs build ${replay.id} (${replay.from})`
    : `Build:      same as this replay's (${replay.from})`;
}

export function summarize(
  log: LoadedLog,
  result: ReplayResult,
  renderedRoute: string,
  checks: ReplayChecks = checkReplay(log, result),
): string[] {
  const state = result.store.getState();
  const { pathname, search } = state.router;
  const total = log.actions.length;
  const first = log.actions[0]?.index;
  const range = !total ? 'empty log' : result.applied.length ? `index ${first}–${result.lastIndex}` : 'none applied';
  const info = log.info;
  const lines = [
    `Log:        ${String(info.format ?? log.source)}${info.appVersion ? `, app ${String(info.appVersion)}` : ''}${info.buildId ? `, build ${String(info.buildId)}` : ''}${info.exportedAt ? `, exported ${String(info.exportedAt)}` : ''}`,
    `Replayed:   ${result.applied.length} of ${total} actions (${range})${Number(info.dropped) > 0 ? `; ${String(info.dropped)} older actions had left the buffer (replay starts from the state they left)` : ''}`,
    `Route:      ${pathname}${search}${renderedRoute !== pathname + search ? `  (rendered at ${renderedRoute})` : ''}`,
    `Dialogs:    ${describeDialogs(state)}`,
    `Auth:       ${describeAuth(state)}`,
    `Dashboard:  ${describeSelection(state)}`,
  ];
  const inState = errorsInState(state as unknown as Record<string, unknown>);
  lines.push(inState.length ? 'Errors now:' : 'Errors now: none', ...inState.map((e) => `  ${formatError(e)}`));
  const seen = errorsInLog(result.applied);
  lines.push(`Errors seen: ${seen.length ? `${seen.length} (--errors lists them)` : 'none'}`);
  lines.push(buildLine(checks.build));
  lines.push(`Actions:    ${checks.unknown.length ? unknownLine(checks.unknown) : 'every type known to this build'}`);
  if (checks.differences)
    lines.push(
      checks.differences.length
        ? `State check: DIFFERS from the exported state at ${checks.differences.join(', ')}`
        : 'State check: same as the exported state',
    );
  return lines;
}
