/** Waits until `check` holds, at most `ms` milliseconds (then throws). */
export async function until(check: () => boolean, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error("timed out");
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Reads a response's text as it arrives (an event stream): `text` so far, `done` once it ended. */
export function readAll(response: Response): { text: string; done: boolean } {
  const body = response.body;
  if (!body) throw new Error("no body");
  const state = { text: "", done: false };
  void (async () => {
    const reader = body.pipeThrough(new TextDecoderStream()).getReader();
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        state.text += value;
      }
    } catch {
      // Aborted by the test (or the connection broke): the stream is over either way.
    }
    state.done = true;
  })();
  return state;
}
