/**
 * Many short-lived followers of one long-lived abort signal (a crawl's): the signal gets one
 * `abort` listener that calls every follower, instead of a listener added and removed per
 * request or per wait (each an event-target list walk and option objects). Not
 * AbortSignal.any: on Node 20 each composite of a long-lived signal stays reachable from it
 * (nodejs/node#55351), a leak of one signal per request.
 */

type Follower = (reason: unknown) => void;

const followers = new WeakMap<AbortSignal, Set<Follower>>();

/**
 * Calls `follower` with the signal's reason when `signal` aborts, at once if it has; returns
 * the function that stops following (call it when the follower's work ends).
 */
export function followAbort(signal: AbortSignal | undefined, follower: Follower): () => void {
  if (!signal) return () => {};
  if (signal.aborted) {
    follower(signal.reason);
    return () => {};
  }
  let all = followers.get(signal);
  if (!all) {
    const each = new Set<Follower>();
    all = each;
    followers.set(signal, each);
    signal.addEventListener(
      'abort',
      () => {
        followers.delete(signal);
        for (const f of each) f(signal.reason);
        each.clear();
      },
      { once: true },
    );
  }
  const own = all;
  own.add(follower);
  return () => {
    own.delete(follower);
  };
}
