import { useEffect, useState } from "react";
import { isCalendarDate } from "../../../../lib/calendar.ts";
import { MAX_STAFF_PARTY_SIZE } from "../../book/index.ts";
import { STAFF_SEATS_PATH, type StaffSeats } from "../staff-seats.ts";

/** How long typing must pause before the server is asked. */
export const STAFF_SEATS_DEBOUNCE_MS = 300;

export interface StaffSeatsQuestion {
  date: string;
  time: string;
  party: string;
  /** The reservation being edited: its own seats are not counted against it. */
  except?: number | undefined;
}

const isQuestion = ({ date, time, party }: StaffSeatsQuestion) =>
  isCalendarDate(date) &&
  /^([01]\d|2[0-3]):[0-5]\d$/.test(time) &&
  /^\d{1,3}$/.test(party) &&
  Number(party) >= 1 &&
  Number(party) <= MAX_STAFF_PARTY_SIZE;

/**
 * The free seats at the staff form's date, time and party size (decision 0037), asked of
 * `GET /admin/reservations/freie-plaetze` once typing pauses. Undefined until the answer for what is
 * typed now arrives, for an incomplete question, and when it could not be had: the form is saved as
 * always, and the server's 'Überbucht … Trotzdem speichern?' stays the final word.
 */
export function useStaffSeats(question: StaffSeatsQuestion, enabled: boolean): StaffSeats | undefined {
  const valid = isQuestion(question);
  const key = valid ? `${question.date}|${question.time}|${question.party}|${question.except ?? ""}` : "";
  const [kept, setKept] = useState<{ key: string; seats: StaffSeats } | undefined>();
  const { date, time, party, except } = question;

  useEffect(() => {
    if (!enabled || key === "") return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      const query = new URLSearchParams({ datum: date, uhrzeit: time, personen: party });
      if (except !== undefined) query.set("ohne", String(except));
      fetch(`${STAFF_SEATS_PATH}?${query}`, {
        cache: "no-store",
        signal: controller.signal,
        headers: { Accept: "application/json" },
      })
        .then(async (response) => {
          if (!response.ok) return;
          setKept({ key, seats: (await response.json()) as StaffSeats });
        })
        // No answer (offline, signed out meanwhile): no note; saving is not affected.
        .catch(() => undefined);
    }, STAFF_SEATS_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [enabled, key, date, time, party, except]);

  return kept?.key === key && key !== "" ? kept.seats : undefined;
}
