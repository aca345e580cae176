import { and, isNotNull, lt, or, type Column, type SQL } from 'drizzle-orm';

/**
 * The mail outbox's clean-up as both SQL dialects ask it: mail queued before the cut-off that was
 * sent or given up (never one still to send), read oldest first along mail_outbox_created_idx.
 */
export const doneBefore = (outbox: { createdAt: Column; sentAt: Column; failedAt: Column }, before: Date): SQL | undefined =>
  and(lt(outbox.createdAt, before), or(isNotNull(outbox.sentAt), isNotNull(outbox.failedAt)));
