import { BENCH_STAFF } from "../../tests/support/production-server.ts";

/** The staff screens' event streams (/admin/live, decision 0035) as a benchmark opens them. */

export async function signIn(origin: string): Promise<string> {
  const answer = await fetch(`${origin}/login`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", origin },
    body: new URLSearchParams(BENCH_STAFF),
  });
  const cookie = (answer.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
  if (!cookie.includes("=")) throw new Error(`Anmeldung gescheitert (${answer.status})`);
  return cookie;
}

/** One open stream of a staff screen. */
export interface Stream {
  /** Resolves once an event of that reservation has arrived (also one before the call). */
  waitFor(reservationId: number): Promise<void>;
  /** Resolves when the next event of that reservation arrives after the call. */
  waitForNext(reservationId: number): Promise<void>;
  close(): void;
}

export async function openStream(origin: string, cookie: string): Promise<Stream> {
  const controller = new AbortController();
  const answer = await fetch(`${origin}/admin/live`, {
    headers: { cookie, accept: "text/event-stream" },
    signal: controller.signal,
  });
  if (answer.status !== 200 || !answer.body) throw new Error(`Stream nicht geöffnet (${answer.status})`);
  const seen = new Map<number, number>();
  const waiting: Array<{ id: number; after: number; resolve: () => void }> = [];
  const reader = answer.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  void (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += value;
        let end: number;
        while ((end = buffer.indexOf("\n\n")) >= 0) {
          const message = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const data = /^data: (.*)$/m.exec(message)?.[1];
          if (!data) continue;
          const { reservationId } = JSON.parse(data) as { reservationId: number };
          const count = (seen.get(reservationId) ?? 0) + 1;
          seen.set(reservationId, count);
          for (const waiter of waiting.filter((one) => one.id === reservationId && count > one.after)) {
            waiting.splice(waiting.indexOf(waiter), 1);
            waiter.resolve();
          }
        }
      }
    } catch {
      // closed at the end
    }
  })();
  return {
    waitFor: (id) =>
      seen.has(id)
        ? Promise.resolve()
        : new Promise<void>((resolve) => waiting.push({ id, after: 0, resolve })),
    waitForNext: (id) =>
      new Promise<void>((resolve) => waiting.push({ id, after: seen.get(id) ?? 0, resolve })),
    close: () => controller.abort(),
  };
}
