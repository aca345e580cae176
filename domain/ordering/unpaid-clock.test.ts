import { describe, expect, it } from 'vitest';
import { hasExpired } from './expire-unpaid-orders.ts';
import { unpaidClockStart, type OrderApproval } from './order.ts';

const HOUR_MS = 60 * 60 * 1000;
const placedAt = new Date(Date.UTC(2026, 5, 1, 9));
const later = (hours: number) => new Date(placedAt.getTime() + hours * HOUR_MS);
const approvedAt = (hours: number): OrderApproval => ({ reason: 'over-limit', decidedBy: 'manager', decidedAt: later(hours), rejectionReason: null });

describe('the unpaid clock (docs/companies.md, "Approvals")', () => {
  it('runs from placing for an order that never waited, and for one still waiting', () => {
    expect(unpaidClockStart({ createdAt: placedAt, approval: null })).toEqual(placedAt);
    const waiting = { status: 'awaiting-approval' as const, createdAt: placedAt, approval: { ...approvedAt(0), decidedBy: null, decidedAt: null } };
    expect(unpaidClockStart(waiting)).toEqual(placedAt);
    expect(hasExpired(waiting, later(49), 48 * HOUR_MS)).toBe(true);
  });

  it('starts again at the approval: an order approved 40 hours after placing has 48 hours from then to be paid', () => {
    const approved = { status: 'unpaid' as const, createdAt: placedAt, approval: approvedAt(40) };
    expect(unpaidClockStart(approved)).toEqual(later(40));
    expect(hasExpired(approved, later(49), 48 * HOUR_MS)).toBe(false);
    expect(hasExpired(approved, later(88), 48 * HOUR_MS)).toBe(false);
    expect(hasExpired(approved, later(88.01), 48 * HOUR_MS)).toBe(true);
  });
});
