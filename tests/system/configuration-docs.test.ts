/**
 * The README's table and .env.example are rendered from the declarations in http/config.ts: they
 * must be current (`npm run docs:config` rewrites them) and the example must be a valid start.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseConfig } from '#http/config.ts';
import { renderEnvExample, renderReadmeTable } from '#http/config-docs.ts';
import { repoRoot } from '../support/server.ts';

const read = (file: string) => readFileSync(join(repoRoot, file), 'utf8');

describe('configuration documentation', () => {
  it('.env.example is the one rendered from http/config.ts (run npm run docs:config)', () => {
    expect(read('.env.example')).toBe(renderEnvExample());
  });

  it('.env.example, used as it is, is a valid configuration', () => {
    const env = Object.fromEntries(
      [...read('.env.example').matchAll(/^([A-Z][A-Z0-9_]+)=(.*)$/gm)].map((match) => [match[1], match[2]]),
    );
    expect(Object.keys(env).length).toBeGreaterThan(0);
    expect(() => parseConfig(env)).not.toThrow();
  });

  it('the README configuration table is the one rendered from http/config.ts (run npm run docs:config)', () => {
    expect(read('README.md')).toContain(renderReadmeTable());
  });
});
