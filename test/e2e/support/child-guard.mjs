// Runs a command and ends it when the test process goes away: the parent holds this process's
// stdin open, so its end (normal exit, crash or kill -9 of the parent) stops the child too.
import { spawn } from 'node:child_process';

const [command, ...args] = process.argv.slice(2);
const child = spawn(command, args, { stdio: ['ignore', 'inherit', 'inherit'] });
const stop = (signal = 'SIGTERM') => {
  if (child.exitCode === null && child.signalCode === null) child.kill(signal);
};
process.stdin.on('end', () => stop());
process.stdin.on('close', () => stop());
process.stdin.resume();
for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP']) process.on(signal, () => stop(signal));
// A server that ignores SIGTERM for too long is killed.
process.stdin.on('end', () => setTimeout(() => stop('SIGKILL'), 5_000).unref());
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
