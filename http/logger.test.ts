import { describe, expect, it } from 'vitest';
import { createJsonLogger, lineBatches } from './logger.ts';

describe('log line batches', () => {
  const target = () => {
    const writes: string[] = [];
    let flushes = 0;
    return { writes, flushes: () => flushes, write: (chunk: string) => void writes.push(chunk), flush: () => void flushes++ };
  };

  it('hands lines over together once a batch is full, in the order they came', () => {
    const to = target();
    const batches = lineBatches(to, 10);
    batches.write('aaaa\n');
    batches.write('bbb\n');
    expect(to.writes).toEqual([]);
    batches.write('cc\n');
    batches.write('d\n');
    expect(to.writes).toEqual(['aaaa\nbbb\ncc\n']);
    expect(batches.take()).toBe('d\n');
    expect(batches.take()).toBe('');
  });

  it('hands over what is gathered when flushed, and asks the target to write it even when nothing is', () => {
    const to = target();
    const batches = lineBatches(to, 1_000);
    batches.write('one\n');
    batches.flush();
    batches.flush();
    expect(to.writes).toEqual(['one\n']);
    expect(to.flushes()).toBe(2);
  });

  it('carries a logger’s lines whole, each a JSON object', () => {
    const to = target();
    const batches = lineBatches(to, 1);
    const logger = createJsonLogger('info', batches);
    logger.info('request', { path: '/api/products' });
    logger.debug('not at this level');
    expect(to.writes.map((line) => JSON.parse(line))).toMatchObject([{ level: 'info', msg: 'request', path: '/api/products' }]);
  });
});
