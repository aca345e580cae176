#!/usr/bin/env node
// `npm start`: build the SPA and the server bundle when missing or older than their sources, then
// run the server. Node has no exec(), so instead of a child process the bundle is loaded into THIS
// process: one process, one PID, so Ctrl-C, `kill` and container stops reach the server's own
// graceful shutdown exactly once, and the exit code is the server's.
import { fileURLToPath, pathToFileURL } from 'node:url';
import { loadEnvFile } from './env-file.mjs';
import { ensureServerBuild } from './server-build.mjs';
import { buildWeb, needsWebBuild } from './web-build.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));

const envFile = loadEnvFile();
if (envFile) console.log(`Settings read from ${envFile} (variables set in the environment win).`);

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

// Libraries read it when first loaded: React (which renders the e-mails) runs several times faster
// in its production build. An operator's own NODE_ENV wins.
process.env.NODE_ENV ??= 'production';

const server = await ensureServerBuild(root);
process.chdir(root); // DATA_DIR=./data is relative to the repository
await import(pathToFileURL(server).href);
