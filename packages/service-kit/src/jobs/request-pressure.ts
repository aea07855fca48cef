import type { RequestHandler } from 'express';

/** Requests being served by this process's service apps (embedded mode: all of them share one event loop). */
let inFlight = 0;

/** Counts a service app's requests from arrival until the answer is sent or the client went away. */
export const countRequests: RequestHandler = (_req, res, next) => {
  inFlight++;
  let counted = true;
  const done = () => {
    if (!counted) return;
    counted = false;
    inFlight--;
  };
  res.once('finish', done);
  res.once('close', done);
  next();
};

export const requestsInFlight = () => inFlight;

/**
 * Lets the requests being served go first: a job's next chunk waits while any is in flight, up to `maxWaitMs`
 * so a steady stream of requests slows a job down but never stops it. Each request needs several turns of the
 * event loop (body, token, queries), and a chunk between every two of them would add up.
 */
export async function afterRequests(maxWaitMs: number): Promise<void> {
  await new Promise<void>((resolve) => setImmediate(resolve));
  const until = Date.now() + maxWaitMs;
  while (inFlight > 0 && Date.now() < until) await new Promise<void>((resolve) => setTimeout(resolve, 1));
}
