// Renewing a lease while the work it covers is under way, for the job worker and the mail
// worker alike. Leases are short, so the work of a process that died is taken up again soon;
// a live process keeps its work however long it takes by renewing the lease a few times per
// lease period, so a renewal or two may fail (a database hiccup) before another may take over.

/** Renewals per lease period: two may be missed before the lease runs out. */
export const RENEWALS_PER_LEASE = 3;

/**
 * Calls `renew` every `everyMs` until stopped, or until `renew` answers false (nothing is held
 * any more). A beat is skipped while the one before is still under way; one that throws is
 * reported and the next beat tries again: the database may be back before the lease runs out.
 * Answers the function that stops it.
 */
export function startHeartbeat(everyMs: number, renew: () => Promise<boolean>, onError: (err: unknown) => void): () => void {
  let busy = false;
  let stopped = false;
  const stop = () => {
    stopped = true;
    clearInterval(timer);
  };
  const timer = setInterval(() => {
    if (busy || stopped) return;
    busy = true;
    renew()
      .then((held) => {
        if (!held) stop();
      }, onError)
      .finally(() => {
        busy = false;
      });
  }, everyMs);
  // The work under way keeps the process alive if it must; its heartbeat alone never does.
  timer.unref();
  return stop;
}
