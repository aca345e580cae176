import { describe, expect, it } from 'vitest';
import { recipientsOf } from './mailer.ts';

describe('recipientsOf', () => {
  it('reads one address or a comma-separated list, one address each', () => {
    expect(recipientsOf({ to: 'ada@example.com' })).toEqual(['ada@example.com']);
    expect(recipientsOf({ to: 'ada@example.com, bob@example.com,carl@example.com ,' })).toEqual(['ada@example.com', 'bob@example.com', 'carl@example.com']);
  });
});
