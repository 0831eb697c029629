/** What the replay reads out of any supported log file. */

/** One action to replay; `index` is the number QA uses with `--until` and `--errors`. */
export interface ReplayAction {
  index: number;
  /** ms since the epoch, when the file has it. */
  at?: number;
  type: string;
  payload?: unknown;
  meta?: unknown;
  error?: unknown;
}

export interface LoadedLog {
  source: 'oddsmate' | 'devtools';
  /** Descriptive fields of the file (format, app version, build, user agent, viewport, …). */
  info: Record<string, unknown>;
  /** State the recording started from, when the file has it. */
  preloadedState?: unknown;
  /** State at export time, when the file has it (full replays are checked against it). */
  recordedState?: unknown;
  actions: ReplayAction[];
}

/** A log that cannot be replayed; the message names the bad entry and what is wrong. */
export class LogError extends Error {
  override name = 'LogError';
}
