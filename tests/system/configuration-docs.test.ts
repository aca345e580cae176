/** The README's table and .env.example must name every variable the server reads, and no others. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONFIG_VARIABLES, parseConfig } from '#http/config.ts';
import { repoRoot } from '../support/server.ts';

const read = (file: string) => readFileSync(join(repoRoot, file), 'utf8');
const names = CONFIG_VARIABLES.map((variable) => variable.name);

describe('configuration documentation', () => {
  it('.env.example lists every variable, each with a comment, and nothing else', () => {
    const example = read('.env.example');
    const listed = [...example.matchAll(/^#?\s?([A-Z][A-Z0-9_]+)=/gm)].map((match) => match[1]);
    expect(new Set(listed)).toEqual(new Set(names));
  });

  it('.env.example, used as it is, is a valid configuration', () => {
    const env = Object.fromEntries(
      [...read('.env.example').matchAll(/^([A-Z][A-Z0-9_]+)=(.*)$/gm)].map((match) => [match[1], match[2]]),
    );
    expect(() => parseConfig(env)).not.toThrow();
  });

  it('the README configuration table has a row for every variable', () => {
    const readme = read('README.md');
    for (const name of names) expect(readme, name).toMatch(new RegExp(`^\\| \`${name}\` \\|`, 'm'));
  });
});
