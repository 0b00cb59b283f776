import { useCallback, useEffect, useRef, useState } from "react";
import { useNavigation, useRevalidator } from "react-router";
import { cn } from "../../lib/utils.ts";

/** The address of the staff screens' event stream (app/routes/resources/live.ts). */
export const LIVE_PATH = "/admin/live";

/** One message of the stream (app/common/live/stream.server.ts): nothing personal. */
export interface LiveEventData {
  kind: "requested" | "created" | "changed" | "status" | "cancelled" | "deleted" | "door";
  reservationId: number;
  date: string;
  /** The day a change moved the reservation away from. */
  previousDate?: string;
  time?: string;
  partySize?: number;
}

/** 'live' once the stream is open; 'lost' while the browser opens it again; 'ended' with the session. */
export type LiveState = "connecting" | "live" | "lost" | "ended";

export interface LiveOptions {
  /** Whether an event changes what this screen shows (default: every event does). */
  concerns?: (event: LiveEventData) => boolean;
}

export interface NewRequestNote {
  key: number;
  text: string;
}

const REVALIDATE_AFTER_MS = 100;

/** Whether the stream is refused for the session (401, 403): asked once the browser gave the stream up. */
async function sessionEnded(): Promise<boolean> {
  try {
    const answer = await fetch(LIVE_PATH, { headers: { Accept: "text/event-stream" } });
    // A stream that opens after all is not needed here: the browser's own opens it again.
    await answer.body?.cancel();
    return answer.status === 401 || answer.status === 403;
  } catch {
    return false;
  }
}
/** When the browser gave up (an answer that is not a stream): opened again after this, doubling. */
const REOPEN_FIRST_MS = 2000;
const REOPEN_MOST_MS = 30_000;
/** Notes kept on screen at once; older ones make room. */
const NOTES_AT_MOST = 5;

const shortDate = new Intl.DateTimeFormat("de-DE", {
  weekday: "short",
  day: "2-digit",
  month: "2-digit",
  timeZone: "UTC",
});

/** 'Neue Reservierungsanfrage für Fr., 28.11. um 19:00 Uhr (2 Personen)'. */
export function newRequestText(event: Pick<LiveEventData, "date" | "time" | "partySize">): string {
  const day = shortDate.format(new Date(`${event.date}T12:00:00Z`));
  const time = event.time ? ` um ${event.time} Uhr` : "";
  const persons =
    event.partySize === undefined
      ? ""
      : ` (${event.partySize} ${event.partySize === 1 ? "Person" : "Personen"})`;
  return `Neue Reservierungsanfrage für ${day}${time}${persons}`;
}

function parseEvent(data: unknown): LiveEventData | undefined {
  if (typeof data !== "string") return undefined;
  try {
    const value = JSON.parse(data) as Partial<LiveEventData>;
    if (
      typeof value.kind !== "string" ||
      typeof value.date !== "string" ||
      typeof value.reservationId !== "number"
    )
      return undefined;
    return value as LiveEventData;
  } catch {
    return undefined;
  }
}

/**
 * Keeps a staff screen current (decision 0035): opens the event stream and renews the route's data
 * (React Router's revalidation — open dialogs and what is typed in them stay) when an event concerns
 * the screen, and once on every opening of the stream, so a screen that was cut off never stays
 * stale. The browser's EventSource opens a lost stream again by itself; one it gave up on is opened
 * here. A new guest's request leaves a note.
 */
export function useLiveUpdates({ concerns }: LiveOptions = {}): {
  state: LiveState;
  notes: NewRequestNote[];
  dismiss(key: number): void;
} {
  const revalidator = useRevalidator();
  const navigation = useNavigation();
  const [state, setState] = useState<LiveState>("connecting");
  const [notes, setNotes] = useState<NewRequestNote[]>([]);
  // The latest of each, for the stream's handlers, which are set up once.
  const latest = useRef({ revalidator, busy: navigation.state !== "idle", concerns });
  useEffect(() => {
    latest.current = { revalidator, busy: navigation.state !== "idle", concerns };
  });
  const wanted = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const revalidateSoon = useCallback(() => {
    wanted.current = true;
    if (timer.current !== undefined) return;
    timer.current = setTimeout(() => {
      timer.current = undefined;
      // A form being sent is followed by its own revalidation; this one waits for it.
      if (latest.current.busy) return;
      wanted.current = false;
      void latest.current.revalidator.revalidate();
    }, REVALIDATE_AFTER_MS);
  }, []);

  useEffect(() => {
    if (navigation.state === "idle" && wanted.current) revalidateSoon();
  }, [navigation.state, revalidateSoon]);

  useEffect(() => {
    if (typeof EventSource === "undefined") return;
    let source: EventSource | undefined;
    let reopen: ReturnType<typeof setTimeout> | undefined;
    let reopenAfter = REOPEN_FIRST_MS;
    let stopped = false;
    let counter = 0;

    const open = () => {
      source = new EventSource(LIVE_PATH);
      source.addEventListener("open", () => {
        reopenAfter = REOPEN_FIRST_MS;
        setState("live");
        // Whatever changed before this (re)opening is read now.
        revalidateSoon();
      });
      source.addEventListener("reservation", (message) => {
        const event = parseEvent((message as MessageEvent).data);
        if (!event) return;
        if (latest.current.concerns?.(event) ?? true) revalidateSoon();
        if (event.kind === "requested") {
          counter += 1;
          const note = { key: counter, text: newRequestText(event) };
          setNotes((shown) => [...shown, note].slice(-NOTES_AT_MOST));
        }
      });
      source.addEventListener("end", () => {
        // The session ended: no more opening; renewing the data leads to the sign-in page.
        source?.close();
        setState("ended");
        revalidateSoon();
      });
      source.addEventListener("error", () => {
        if (stopped || !source) return;
        if (source.readyState === EventSource.CONNECTING) {
          setState("lost");
          return;
        }
        // Given up (an answer that is not a stream: a stopping server's 503, too many windows, the
        // session gone): opened again later. Only a session that ended renews the data (which leads
        // to the sign-in page): renewing it while the server is away would replace the screen with
        // an error page instead of waiting for the server.
        setState("lost");
        source.close();
        reopen = setTimeout(open, reopenAfter);
        reopenAfter = Math.min(reopenAfter * 2, REOPEN_MOST_MS);
        void sessionEnded().then((ended) => {
          if (!ended || stopped) return;
          clearTimeout(reopen);
          setState("ended");
          revalidateSoon();
        });
      });
    };
    open();
    return () => {
      stopped = true;
      clearTimeout(reopen);
      clearTimeout(timer.current);
      source?.close();
    };
  }, [revalidateSoon]);

  return {
    state,
    notes,
    dismiss: (key) => setNotes((shown) => shown.filter((note) => note.key !== key)),
  };
}

const stateLabels: Record<LiveState, string> = {
  connecting: "Verbinde …",
  live: "Live",
  lost: "Verbindung unterbrochen – wird wiederhergestellt …",
  ended: "Live-Aktualisierung beendet (abgemeldet)",
};

/**
 * A staff screen's live updates in one line (`<LiveUpdates />`): the stream, the connection's state
 * and the notes about new requests, read out by screen readers.
 */
export function LiveUpdates(options: LiveOptions) {
  const { state, notes, dismiss } = useLiveUpdates(options);
  return (
    <div className="mb-4 flex flex-col gap-2 print:hidden">
      <p role="status" className="flex items-center gap-2 text-sm text-muted" data-live-state={state}>
        <span
          aria-hidden="true"
          className={cn(
            "inline-block size-2 rounded-full",
            state === "live" ? "bg-green-600" : state === "lost" ? "bg-amber-500" : "bg-stone-400",
          )}
        />
        {stateLabels[state]}
      </p>
      <div role="status" aria-live="polite" className="flex flex-col gap-2">
        {notes.map((note) => (
          <div
            key={note.key}
            className="flex items-center justify-between gap-4 rounded-md border border-amber-700/30 bg-amber-50 px-4 py-2 text-sm text-amber-900"
          >
            <span>{note.text}</span>
            <button
              type="button"
              onClick={() => dismiss(note.key)}
              className="text-sm font-medium underline-offset-4 hover:underline"
            >
              Ausblenden
            </button>
          </div>
        ))}
      </div>
    </div>
  );
}
