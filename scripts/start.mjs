#!/usr/bin/env node
// `npm start`: build the SPA when it is missing or older than its sources, then run the server.
// Node has no exec(), so instead of a child process the server is loaded into THIS process with
// tsx's loader (what `node --import tsx http/main.ts` does): one process, one PID, so Ctrl-C,
// `kill` and container stops reach the server's own graceful shutdown exactly once, and the exit
// code is the server's.
import { fileURLToPath } from 'node:url';
import { buildWeb, needsWebBuild } from './web-build.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));

if (needsWebBuild(root)) {
  const started = Date.now();
  console.log('Building the web app (dist/ is missing or older than web/)...');
  const code = await buildWeb(root);
  if (code !== 0) {
    console.error(`The web build failed (exit ${code}); fix the error above and run npm start again.`);
    process.exit(code);
  }
  console.log(`Web app built in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
}

const { register } = await import('tsx/esm/api');
register();
process.chdir(root); // DATA_DIR=./data and dist/ are relative to the repository
await import('../http/main.ts');
