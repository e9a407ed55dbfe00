// `npm run dev`: the API server with reload on change (tsx watch, core from source) on
// MAPSMITH_API_PORT (3001), and Vite's dev server with hot reload on PORT (3000), which
// proxies /api to it. Ctrl-C stops both.
import { spawn } from 'node:child_process';

const apiPort = process.env.MAPSMITH_API_PORT ?? '3001';
const webPort = process.env.PORT ?? '3000';
const env = { ...process.env, MAPSMITH_API_PORT: apiPort };

const children = [
  spawn('npx', ['tsx', 'watch', '--conditions=source', 'packages/server/src/main.ts'], {
    // Links in mail must point at the dev UI (which proxies /api), not at the API port.
    env: { MAPSMITH_PUBLIC_URL: `http://127.0.0.1:${webPort}`, ...env, PORT: apiPort },
    stdio: 'inherit',
  }),
  spawn('npx', ['vite', 'packages/web', '--port', webPort, '--strictPort'], {
    env,
    stdio: 'inherit',
  }),
];
process.stdout.write(`Mapsmith dev: open http://127.0.0.1:${webPort} (API on ${apiPort})\n`);
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', (code) => code && code !== 0 && stop());
