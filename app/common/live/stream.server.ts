import type { ReservationEvent } from "./change-feed.ts";
import type { EndReason, LiveHub, LiveSubscriber } from "./hub.server.ts";

export interface LiveStreamOptions {
  /** The session's id: the hub counts and checks streams by it. */
  key: string;
  stillAllowed(): Promise<boolean>;
  /** The request's: aborted when the browser goes away. */
  signal?: AbortSignal;
  /** A comment line this often keeps proxies from closing a quiet connection. */
  heartbeatMs?: number;
  /** How soon the browser's EventSource opens a lost stream again (`retry:`). */
  retryMs?: number;
}

/** How the browser reads a stream: the names of its messages and the data of each (decision 0035). */
export const LIVE_EVENT = "reservation";
/** Sent before the server closes a stream for good: the session ended. The browser does not reconnect. */
export const LIVE_END = "end";

const encoder = new TextEncoder();

/** One event as the stream's message: its id, and data without anything personal. */
export function eventMessage(event: ReservationEvent): string {
  const data = {
    kind: event.kind,
    reservationId: event.reservationId,
    date: event.date,
    ...(event.previousDate !== undefined ? { previousDate: event.previousDate } : {}),
    ...(event.time !== undefined ? { time: event.time } : {}),
    ...(event.partySize !== undefined ? { partySize: event.partySize } : {}),
  };
  return `id: ${event.id}\nevent: ${LIVE_EVENT}\ndata: ${JSON.stringify(data)}\n\n`;
}

/** More messages waiting than this and the browser is not reading: its stream is ended. */
const MOST_QUEUED = 200;

/**
 * A `text/event-stream` answer fed by the hub, or undefined when the session has its limit of
 * streams open already. It is neither compressed nor kept (`no-transform`, server/compression.ts),
 * and each message goes out as it is written.
 */
export function liveStreamResponse(
  hub: LiveHub,
  { key, stillAllowed, signal, heartbeatMs = 20_000, retryMs = 1000 }: LiveStreamOptions,
): Response | undefined {
  const timers: { heartbeat?: NodeJS.Timeout } = {};
  let finished = false;
  const finish = () => {
    if (finished) return;
    finished = true;
    clearInterval(timers.heartbeat);
    hub.unsubscribe(subscriber);
    signal?.removeEventListener("abort", finish);
  };

  let controller: ReadableStreamDefaultController<Uint8Array> | undefined;
  const body = new ReadableStream<Uint8Array>(
    {
      start(c) {
        controller = c;
      },
      cancel: finish,
    },
    { highWaterMark: MOST_QUEUED },
  );
  const write = (text: string) => {
    if (finished || !controller) return;
    if ((controller.desiredSize ?? 0) <= 0) {
      close();
      return;
    }
    controller.enqueue(encoder.encode(text));
  };
  const close = () => {
    if (finished) return;
    finish();
    try {
      controller?.close();
    } catch {
      // already closed by the browser's going
    }
  };

  const subscriber: LiveSubscriber = {
    key,
    stillAllowed,
    send(events) {
      write(events.map(eventMessage).join(""));
    },
    end(reason: EndReason) {
      // A stopping server closes without a word: the browser opens the stream again, at the next
      // process. An ended session is told so, and the browser stays away.
      if (reason === "signed-out") write(`event: ${LIVE_END}\ndata: signed-out\n\n`);
      close();
    },
  };
  if (!hub.subscribe(subscriber)) return undefined;
  if (signal?.aborted) {
    finish();
    return undefined;
  }
  signal?.addEventListener("abort", finish);
  write(`retry: ${retryMs}\n: live\n\n`);
  timers.heartbeat = setInterval(() => write(": \n\n"), heartbeatMs);
  timers.heartbeat.unref();
  return new Response(body, {
    status: 200,
    headers: {
      "Content-Type": "text/event-stream; charset=utf-8",
      "Cache-Control": "no-store, no-transform",
      "X-Accel-Buffering": "no",
    },
  });
}
