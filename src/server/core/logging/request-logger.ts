/**
 * Request loggers made on first use. Fastify gives every request its own pino child, bound to
 * the request id and, on routes with a level of their own, to that level. Building one
 * serializes the bindings through redaction and, for a route level, rebuilds every log
 * method: a fixed cost on each request, even where nothing is logged (the odds routes log
 * from warn up, so a successful poll writes no line). The factory here hands out a stand-in
 * that knows its level and builds the real child when an enabled level is first called, so
 * the lines are exactly those the child writes and disabled levels stay no-ops.
 */
import type { FastifyBaseLogger, FastifyServerOptions } from 'fastify';

type Bindings = Record<string, unknown>;
type LevelName = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';
type ChildOptions = Parameters<FastifyBaseLogger['child']>[1];
type ChildLoggerFactory = NonNullable<FastifyServerOptions['childLoggerFactory']>;

/**
 * pino's standard levels and their documented values. A parent whose level is not one of
 * them (custom levels) gets its real child at once. Only the public `level` is read.
 */
export const LEVEL_VALUES: Readonly<Record<string, number>> = {
  trace: 10,
  debug: 20,
  info: 30,
  warn: 40,
  error: 50,
  fatal: 60,
  silent: Infinity,
};

class LazyChildLogger implements FastifyBaseLogger {
  private real: FastifyBaseLogger | null = null;
  /** Lines below this level value are dropped while there is no real child yet. */
  private threshold: number;

  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: Bindings,
    private options: ChildOptions,
  ) {
    this.threshold = this.valueOf(options?.level);
  }

  private valueOf(level: string | undefined): number {
    const value = LEVEL_VALUES[level ?? this.parent.level];
    if (value === undefined) throw new Error(`unknown level ${level}`);
    return value;
  }

  private materialize(): FastifyBaseLogger {
    this.real ??= this.parent.child(this.bindings, this.options);
    return this.real;
  }

  private write(level: LevelName, args: unknown[]): void {
    if (this.real === null && (LEVEL_VALUES[level] ?? 0) < this.threshold) return;
    (this.materialize() as unknown as Record<LevelName, (...a: unknown[]) => void>)[level](...args);
  }

  fatal(...args: unknown[]): void {
    this.write('fatal', args);
  }

  error(...args: unknown[]): void {
    this.write('error', args);
  }

  warn(...args: unknown[]): void {
    this.write('warn', args);
  }

  info(...args: unknown[]): void {
    this.write('info', args);
  }

  debug(...args: unknown[]): void {
    this.write('debug', args);
  }

  trace(...args: unknown[]): void {
    this.write('trace', args);
  }

  silent(): void {}

  get level(): string {
    return this.real ? this.real.level : (this.options?.level ?? this.parent.level);
  }

  set level(level: string) {
    if (this.real) {
      this.real.level = level;
    } else {
      this.threshold = this.valueOf(level);
      this.options = { ...this.options, level };
    }
  }

  child(bindings: Bindings, options?: ChildOptions): FastifyBaseLogger {
    return this.materialize().child(bindings, options);
  }
}

/** Fastify's `childLoggerFactory`: a LazyChildLogger over a parent with standard levels, else the plain child. */
export const lazyChildLoggerFactory: ChildLoggerFactory = function lazyChildLoggerFactory(logger, bindings, options) {
  const known =
    LEVEL_VALUES[logger.level] !== undefined &&
    (options?.level === undefined || LEVEL_VALUES[options.level] !== undefined);
  return known ? new LazyChildLogger(logger, bindings, options) : logger.child(bindings, options);
};
