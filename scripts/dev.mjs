// `npm run dev`: the API server under tsx watch on API_PORT and the webpack dev server (hot
// reload) proxying /api to it.
import { spawn } from 'node:child_process';

const apiPort = process.env.API_PORT || '8081';
const env = { ...process.env, API_PORT: apiPort };
const children = [
  spawn(process.execPath, ['node_modules/.bin/tsx', 'watch', 'src/server/server.ts'], {
    stdio: 'inherit',
    env: { ...env, PORT: apiPort, SERVE_WEB: 'off' },
  }),
  spawn(process.execPath, ['node_modules/.bin/webpack', 'serve', '--mode', 'development'], { stdio: 'inherit', env }),
];
const stop = () => children.forEach((c) => c.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
children.forEach((c) =>
  c.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  }),
);
