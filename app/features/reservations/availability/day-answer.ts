import type { DayOptions } from "./seat-rule.ts";

/**
 * The availability of a date as `GET /api/verfuegbarkeit` answers it, and what the guest's form
 * makes of that answer (decision 0031). No server imports: the browser's form reads these answers,
 * and the standalone reservation page renders the first one on the server.
 */

/** Why a time inside the hours is not free: no room (seats or pacing), or too soon to book online. */
export type TimeReason = "ausgebucht" | "vorlaufzeit";

export type DayAnswer = {
  datum: string;
  personen: number;
  zeiten: Array<{ zeit: string; frei: boolean; grund?: TimeReason }>;
  /** A closure's note, the reason a date has no times, or an exception's note. */
  hinweis?: string;
};

export type RangeAnswer = {
  von: string;
  bis: string;
  personen: number;
  tage: Array<{ datum: string; frei: boolean }>;
};

/** A date's options for a party as the API answers them. */
export function dayAnswerOf(date: string, party: number, options: DayOptions): DayAnswer {
  const answer: DayAnswer = { datum: date, personen: party, zeiten: [] };
  if (options.kind === "open" || options.kind === "full") {
    answer.zeiten = options.times.map((option) =>
      option.free
        ? { zeit: option.time, frei: true }
        : { zeit: option.time, frei: false, grund: option.reason === "lead" ? "vorlaufzeit" : "ausgebucht" },
    );
    const hint = options.kind === "full" ? options.message : options.note;
    if (hint) answer.hinweis = hint;
  } else answer.hinweis = options.message;
  return answer;
}

/** What the guest's form offers for a date: its free times, the full ones a waitlist may ask for. */
export interface FormDay {
  free: string[];
  /** Times without room (not those too soon): what a waitlist request may ask for. */
  waitlist: string[];
  /** 'closed': no times (the message says why); 'full': times, none free; 'open': some free. */
  kind: "open" | "full" | "closed";
  /** The closure's or day's message when closed or full, an exception's note when open. */
  message?: string;
}

export function formDayOf(answer: DayAnswer): FormDay {
  const free = answer.zeiten.filter((time) => time.frei).map((time) => time.zeit);
  const waitlist = answer.zeiten.filter((time) => time.grund === "ausgebucht").map((time) => time.zeit);
  const kind = answer.zeiten.length === 0 ? "closed" : free.length === 0 ? "full" : "open";
  return { free, waitlist, kind, ...(answer.hinweis ? { message: answer.hinweis } : {}) };
}

/** A date's times as the form shows them. */
export interface DayTimes extends FormDay {
  /** For a fully booked day: the next dates with room (undefined while they are asked for). */
  nextDates?: string[];
}

/** A date's times as the server already knows them when it renders the page. */
export interface KnownDay {
  date: string;
  party: number;
  /** The area asked for ('Bereichswunsch', decision 0054); '' for the whole restaurant. */
  area: string;
  day: DayTimes;
}
