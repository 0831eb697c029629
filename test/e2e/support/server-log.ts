/**
 * The server's log as support reads it (docs/qa-replay.md, "From a reference to the log line"):
 * pino's JSON lines, filtered by the request id a person reads as "Ref …" under an error.
 */
import { type App } from './e2e';

interface LogLine {
  reqId?: string;
  msg: string;
  code?: string;
  statusCode?: number;
}

/** The server's JSON log lines of one request id. */
function logLinesOf(running: App, reqId: string): LogLine[] {
  return running.server
    .log()
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as LogLine)
    .filter((line) => line.reqId === reqId);
}

/** That the request of `reqId` was logged as a refusal with this code and status. */
export function expectRejectionLogged(running: App, reqId: string, code: string, statusCode: number): void {
  expect(logLinesOf(running, reqId)).toEqual(
    expect.arrayContaining([expect.objectContaining({ msg: 'request rejected', code, statusCode })]),
  );
}
