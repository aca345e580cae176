// `npm run docs:config`: rewrites .env.example and the README's configuration table from the
// declarations in http/config.ts (run with tsx, as it reads that TypeScript module).
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { README_TABLE_HEADER, renderEnvExample, renderReadmeTable } from '../http/config-docs.ts';

const root = join(import.meta.dirname, '..');
writeFileSync(join(root, '.env.example'), renderEnvExample());

const readmePath = join(root, 'README.md');
const readme = readFileSync(readmePath, 'utf8');
const start = readme.indexOf(README_TABLE_HEADER);
if (start < 0) throw new Error('README.md has no configuration table to replace');
let end = readme.indexOf('\n\n', start);
if (end < 0) end = readme.length;
writeFileSync(readmePath, readme.slice(0, start) + renderReadmeTable() + readme.slice(end));
console.log('Wrote .env.example and the README configuration table.');
