import { describe, expect, it } from 'vitest';
import type { Logger } from './logger.ts';
import { createBackgroundWork } from './background-work.ts';

describe('background work', () => {
  it('runs a task after the caller moves on, logs its failure by label, and settles when all are done', async () => {
    const errors: [string, unknown][] = [];
    const logger: Logger = { debug() {}, info() {}, warn() {}, error: (message, details) => void errors.push([message, details]) };
    const work = createBackgroundWork(logger);
    const order: string[] = [];
    work.run('first', async () => {
      order.push('task started');
    });
    order.push('caller moved on');
    work.run('mail', () => Promise.reject(new Error('SMTP down')));
    await work.settled();
    expect(order).toEqual(['caller moved on', 'task started']);
    expect(errors).toEqual([['mail failed', { error: 'Error: SMTP down' }]]);
  });
});
