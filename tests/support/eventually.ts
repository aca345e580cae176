/**
 * Waits until `check` holds, looking again every 50 ms: for system tests, where a real process or
 * a real database takes real time (a restart, a reconnection), never to wait for a fixed time.
 */
export const eventually = async (check: () => Promise<boolean> | boolean, what: string, timeoutMs = 60_000): Promise<void> => {
  const deadline = performance.now() + timeoutMs;
  while (!(await check())) {
    if (performance.now() > deadline) throw new Error(`never: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};
