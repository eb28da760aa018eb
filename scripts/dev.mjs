// Runs the API (tsx watch, SQLite by default) and the Vite dev server together; Ctrl-C stops both.
import { spawn } from 'node:child_process';

const env = { ...process.env, APP_URL: process.env.APP_URL ?? 'http://localhost:5173' };
const children = [
  spawn('npm', ['run', 'dev', '-w', 'server'], { stdio: 'inherit', env }),
  spawn('npm', ['run', 'dev', '-w', 'web'], { stdio: 'inherit', env }),
];

let stopping = false;
function stop(code) {
  if (stopping) return;
  stopping = true;
  for (const child of children) child.kill('SIGTERM');
  process.exitCode = code;
}

for (const child of children) child.on('exit', (code) => stop(code ?? 0));
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));
