/**
 * A clock the system tests move: loaded into a real server with `NODE_OPTIONS=--import <this file>`,
 * it shifts `Date` (what the server's clock reads) by the milliseconds written in the file named by
 * BULKHEAD_TEST_CLOCK_FILE, read again every 20 ms. Timers are untouched. Test-only: nothing in
 * the app imports it.
 */
import { readFileSync } from 'node:fs';

const file = process.env.BULKHEAD_TEST_CLOCK_FILE;
if (file) {
  const RealDate = Date;
  let offset = 0;
  const read = () => {
    try {
      offset = Number(readFileSync(file, 'utf8').trim()) || 0;
    } catch {
      offset = 0;
    }
  };
  read();
  setInterval(read, 20).unref();
  class ShiftedDate extends RealDate {
    constructor(...args) {
      if (args.length === 0) super(RealDate.now() + offset);
      else super(...args);
    }
    static now() {
      return RealDate.now() + offset;
    }
  }
  globalThis.Date = ShiftedDate;
}
