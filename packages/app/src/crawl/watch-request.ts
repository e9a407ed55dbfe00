/** How often a running job reads whether its owner asked it to stop or pause (issue 30). */
export const CONTROL_POLL_MS = 1000;

/**
 * Reads the owner's request on a running job (a crawl's stop or pause, an audit's stop) now and
 * then every `everyMs`, from the job's row, so the worker holding the claim notices a request
 * sent to any server within about a second; aborts `asked` with the request (`stop`, `pause`).
 * A request already standing aborts before the run starts. Clear the returned timer at the end.
 */
export async function watchRequest(
  read: () => Promise<string | null>,
  asked: AbortController,
  everyMs = CONTROL_POLL_MS,
): Promise<NodeJS.Timeout> {
  const check = async () => {
    const request = await read();
    if (request && !asked.signal.aborted) asked.abort(request);
  };
  await check();
  let reading = false;
  const timer = setInterval(() => {
    if (reading || asked.signal.aborted) return;
    reading = true;
    check()
      .catch(() => undefined)
      .finally(() => {
        reading = false;
      });
  }, everyMs);
  timer.unref();
  return timer;
}
