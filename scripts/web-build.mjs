// Shared by `npm start` and `npm test`: are dist/ (the browser's files) and dist-server/ (the
// storefront's server renderer, web/entry-server.tsx) stale, and how to rebuild them.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** Newest modification time under `dir`, skipping generated and dependency folders. */
const newestMtime = (dir) => {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestMtime(path));
    else newest = Math.max(newest, statSync(path).mtimeMs);
  }
  return newest;
};

/** The generated route tree is rewritten by the build itself, so it must not count as a change. */
const GENERATED = new Set(['routeTree.gen.ts']);

const newestSource = (root) => {
  let newest = 0;
  const webDir = join(root, 'web');
  if (existsSync(webDir)) {
    for (const entry of readdirSync(webDir, { withFileTypes: true })) {
      if (GENERATED.has(entry.name) || entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
      const path = join(webDir, entry.name);
      newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
    }
  }
  // The web app also compiles the shared schemas, DTOs, cart wording and the message catalogue.
  for (const file of ['http/dto.ts', 'http/schemas.ts', 'http/cart-dto.ts', 'http/messages.ts', 'http/server-error-message.ts', 'vite.config.ts', 'index.html']) {
    const path = join(root, file);
    if (existsSync(path)) newest = Math.max(newest, statSync(path).mtimeMs);
  }
  return newest;
};

/** The outputs of the two builds; both must be newer than every source. */
const OUTPUTS = [join('dist', 'index.html'), join('dist', '.vite', 'manifest.json'), join('dist-server', 'entry-server.js')];

export const needsWebBuild = (root) => {
  const outputs = OUTPUTS.map((file) => join(root, file));
  if (!outputs.every(existsSync)) return true;
  const source = newestSource(root);
  return outputs.some((output) => source > statSync(output).mtimeMs);
};

/** Runs one `vite build` with `args`; resolves with its exit code. */
const runVite = (root, args, quiet) =>
  new Promise((resolve) => {
    const vite = join(root, 'node_modules', 'vite', 'bin', 'vite.js');
    const child = spawn(process.execPath, [vite, 'build', ...args], { cwd: root, stdio: quiet ? 'pipe' : 'inherit' });
    let output = '';
    child.stdout?.on('data', (chunk) => (output += chunk));
    child.stderr?.on('data', (chunk) => (output += chunk));
    child.on('exit', (code) => {
      if (code !== 0 && quiet) process.stderr.write(output);
      resolve(code ?? 1);
    });
  });

/** Builds the browser's files, then the server renderer (it reads the first's manifest); resolves with the exit code. */
export const buildWeb = async (root, { quiet = false } = {}) => {
  const code = await runVite(root, [], quiet);
  return code === 0 ? runVite(root, ['--ssr', 'entry-server.tsx'], quiet) : code;
};
