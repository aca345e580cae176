// Settings from a `.env` file in the directory the command is run from (the repository, under
// npm), for `npm start` and `npm run db:backup`. Node's own parser reads it; a variable already
// set in the environment wins, so a process manager's settings are never overridden by a file
// left lying around.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';

/** Loads `<dir>/.env` into process.env when it exists; returns its path, or null. */
export const loadEnvFile = (dir = process.cwd()) => {
  const file = resolve(dir, '.env');
  if (!existsSync(file)) return null;
  process.loadEnvFile(file);
  return file;
};
