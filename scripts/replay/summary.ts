/** The replay's printed report: where the person was, what was open, who, and what failed. */
import { competitionName, marketName } from '@shared/lookups';
import { sanitize } from '../../src/client/app/sanitize';
import type { AppStore } from '../../src/client/app/store';
import { selectCompetitionId, selectMarketId } from '../../src/client/features/dashboard/dashboard.slice';
import { errorsInLog, errorsInState, type SeenError } from './error-codes';
import type { LoadedLog } from './log-types';
import type { ReplayResult } from './replay-log';

/**
 * Fields that differ between any two page loads, never between sessions: the live page's
 * RTK Query middleware id (a replay runs without that middleware).
 */
export function withoutLoadSpecifics(state: unknown): unknown {
  const s = state as { api?: { config?: Record<string, unknown> } } | null;
  if (!s?.api?.config) return state;
  const { middlewareRegistered: _ignored, ...config } = s.api.config;
  return { ...s, api: { ...s.api, config } };
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

export function summarize(log: LoadedLog, result: ReplayResult, renderedRoute: string): string[] {
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
  const full = result.applied.length > 0 && result.lastIndex === log.actions[log.actions.length - 1]?.index;
  if (log.recordedState !== undefined && full) {
    const diff = differences(withoutLoadSpecifics(sanitize(state)), withoutLoadSpecifics(sanitize(log.recordedState)));
    lines.push(
      diff.length
        ? `State check: DIFFERS from the exported state at ${diff.join(', ')}`
        : 'State check: same as the exported state',
    );
  }
  return lines;
}
