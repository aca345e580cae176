/**
 * The README's configuration table and `.env.example`, rendered from the one declaration per
 * variable in config.ts. `npm run docs:config` writes both; tests/system/configuration-docs.test.ts
 * fails when either is stale.
 */
import { CONFIG_VARIABLES, type ConfigVariable } from './config.ts';

const declared = Object.entries(CONFIG_VARIABLES) as [string, ConfigVariable][];

const defaultCell = (variable: ConfigVariable): string => {
  if (variable.default !== undefined) return `\`${variable.default}\``;
  return variable.whenUnset === undefined ? 'unset' : `unset: ${variable.whenUnset}`;
};

export const README_TABLE_HEADER = '| Variable | Default | What it does |\n|---|---|---|';

export const renderReadmeTable = (): string =>
  [README_TABLE_HEADER, ...declared.map(([name, variable]) => `| \`${name}\` | ${defaultCell(variable)} | ${variable.doc} |`)].join('\n');

const plain = (markdown: string): string => markdown.replaceAll('`', '');

const ENV_EXAMPLE_HEADER = `# Bulkhead configuration, rendered from http/config.ts by \`npm run docs:config\` (do not edit here).
# Every variable is optional; the defaults run the whole shop on one machine (SQLite file, offline
# test payments, e-mails written to DATA_DIR/outbox). Copy to .env (npm start and npm run db:backup
# read it from the directory they run in; a variable set in the environment wins over the file) or
# export them in your process manager. A bad value stops the start with a message naming the
# variable. Variables with a default are set to it; the others are shown commented out.
`;

export const renderEnvExample = (): string =>
  ENV_EXAMPLE_HEADER +
  declared
    .map(([name, variable]) => {
      const unset = variable.default === undefined && variable.whenUnset !== undefined ? ` Unset: ${plain(variable.whenUnset)}.` : '';
      const line = variable.default !== undefined ? `${name}=${variable.default}` : `# ${name}=${variable.example ?? ''}`;
      return `\n# ${plain(variable.doc)}.${unset}\n${line}\n`;
    })
    .join('');
