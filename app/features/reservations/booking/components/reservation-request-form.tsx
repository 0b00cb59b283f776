import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { flushSync } from "react-dom";
import { useFetcher } from "react-router";
import { Field, SelectField, TextareaField } from "../../../../components/forms/field.tsx";
import { focusFirstInvalid } from "../../../../components/forms/focus.ts";
import { NoticeInPage } from "../../../../components/forms/form-notice.tsx";
import { StatusButton } from "../../../../components/forms/status-button.tsx";
import { Button } from "../../../../components/ui/button.tsx";
import { isCalendarDate } from "../../../../lib/calendar.ts";
import { formatDate } from "../../../../lib/format.ts";
import type { OpeningHoursContent } from "../../../../common/content/schemas.ts";
import { INTENT_FIELD, type FieldErrors, type Notice } from "../../../../lib/forms.ts";
import { requestToastArea, toastAreaReady } from "../../../../lib/toasts.ts";
import { useHydrated } from "../../../../lib/use-hydrated.ts";
import {
  HONEYPOT_FIELD,
  publicPartySizes,
  SHOW_TIMES,
  partySizeLabel,
  reservationLimits as L,
  reservationMessages as M,
  TIME_SLOTS,
  WAITLIST_YES,
  loadFormSchemas,
} from "../../book/index.ts";
import { closedWeekdays, dayAvailability, type BookingWindow } from "../../book/index.ts";
import type { RequestResult } from "../request-result.ts";
import type { RequestField } from "../../book/index.ts";
import type { DayTimes, KnownDay } from "../../availability/index.ts";
import type { WishArea } from "../../tables/index.ts";
import { useDayTimes } from "../../availability/index.ts";

/** What the home page's action answers to a guest's request. */
export type { RequestResult };

const closedDaysHint = (hours: OpeningHoursContent) => {
  const closed = closedWeekdays(hours);
  return closed.length > 0 ? `Ruhetag: ${closed.join(", ")}` : undefined;
};

/** The fields the guest types into, which the browser holds (the rest are the form's state). */
const TYPED_FIELDS = ["name", "email", "phone", "notes"] as const;

/** Where the form posts: the home page's action; the hash brings a page without JavaScript back here. */
export const REQUEST_ACTION = "/?index";
export const FORM_AREA_ID = "reservation-form-area";

// The schema (and Zod with it) and the toast area load when a guest starts on the form, not with the
// page (decision 0008). The toast area is there before the first answer, so a screen reader has its
// live region already and reads the answer out.
const prepare = () => {
  requestToastArea();
  void loadFormSchemas();
};
const showToast = (notice: Notice) => {
  requestToastArea();
  void Promise.all([import("../../../../components/forms/toast-notice.ts"), toastAreaReady()]).then(
    ([module]) => module.toastNotice(notice),
  );
};

export interface ReservationRequestFormProps {
  hours: OpeningHoursContent;
  window: BookingWindow;
  /** 'Größte Gruppe online': the last choice reads 'N+ Personen' (decision 0031). */
  largestParty: number;
  /** The restaurant's phone number, for groups larger than the form offers. */
  phone: string;
  /** 'Buchbar bis' in months: the same window the server judges by. */
  horizonMonths: number;
  /** Dates with their own hours ('Schließtage und Ausnahmen'): the server's rule judges those. */
  exceptionDates: readonly string[];
  /** The areas a guest may choose ('Bereichswunsch', decision 0054); none: no choice is shown. */
  areas?: readonly WishArea[];
  /** Where the form posts (its page's action); the home page's by default. */
  action?: string;
  /** A date, party size and area the page's address chose (`/reservieren?datum=…&personen=…&bereich=…`). */
  prefill?: { date?: string; partySize?: string; area?: string };
  /** The prefilled date's times, as the server rendered them with the page. */
  initialDay?: KnownDay;
  /** The action's answer when the page was rendered after a POST without JavaScript. */
  result: RequestResult | undefined;
  submitText: string;
  submittingText: string;
}

/**
 * The guest's reservation request (decision 0014, texts in docs/product/reservations.md#messages): works as a
 * plain POST without JavaScript; with it, the request is sent in the background, checked first with the same
 * schema as the server, and the times offered follow the chosen day's opening hours (decision 0014).
 */
/** 16 random bytes, URL-safe: `crypto.getRandomValues` also works on a plain-http address. */
function newFormKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes))
    .replaceAll("+", "-")
    .replaceAll("/", "_")
    .replace(/=+$/, "");
}

/**
 * A field's value that a successful answer arriving after it was set clears (the form is then empty
 * for the next request), without an effect: the value remembers the answer that was current.
 */
function useClearedOnSuccess(initial: string, answer: RequestResult | undefined) {
  const [entry, setEntry] = useState(() => ({
    value: initial,
    answer: undefined as RequestResult | undefined,
  }));
  const value = answer?.status === "sent" && entry.answer !== answer ? "" : entry.value;
  return [value, (next: string) => setEntry({ value: next, answer })] as const;
}

/**
 * The times the form offers and what it says about the day: the server's availability once known
 * (`useDayTimes`), the opening hours until then (and without JavaScript, where the server's answer
 * names the free times).
 */
function offeredTimes(
  day: DayTimes | undefined,
  hoursDay: ReturnType<typeof dayAvailability> | undefined,
  onWaitlist: boolean,
  phone: string,
): { slots: readonly string[]; message?: string; note?: string } {
  if (day) {
    if (day.kind === "closed") return { slots: [], ...(day.message ? { message: day.message } : {}) };
    if (day.kind === "full") {
      const next = day.nextDates ? ` ${M.otherDates(day.nextDates.map(formatDate), phone)}` : "";
      return { slots: onWaitlist ? day.waitlist : [], message: `${M.dayFull}${next}` };
    }
    return { slots: onWaitlist ? day.waitlist : day.free, ...(day.message ? { note: day.message } : {}) };
  }
  if (!hoursDay) return { slots: TIME_SLOTS };
  return hoursDay.kind === "open" ? { slots: hoursDay.slots } : { slots: [], message: hoursDay.message };
}

export function ReservationRequestForm({
  hours,
  window,
  largestParty,
  phone,
  horizonMonths,
  exceptionDates,
  areas = [],
  action = REQUEST_ACTION,
  prefill,
  initialDay,
  result: documentResult,
  submitText,
  submittingText,
}: ReservationRequestFormProps) {
  const fetcher = useFetcher<RequestResult>({ key: "reservation-request" });
  const hydrated = useHydrated();
  const formRef = useRef<HTMLFormElement>(null);
  const idPrefix = useId();
  const [clientErrors, setClientErrors] = useState<FieldErrors<RequestField> | undefined>();
  const [checking, setChecking] = useState(false);

  const result = fetcher.data ?? documentResult;
  const serverErrors = result && result.status !== "sent" ? result.fieldErrors : {};
  const errors = clientErrors ?? serverErrors;
  const kept = documentResult && documentResult.status !== "sent" ? documentResult.values : {};
  const pending = checking || fetcher.state !== "idle";
  // The day and time steer which times are offered, so they are held here (the other fields are
  // the browser's own); a success clears them with the form.
  const [date, setDate] = useClearedOnSuccess(kept.date ?? prefill?.date ?? "", fetcher.data);
  const [chosenTime, setTime] = useClearedOnSuccess(kept.time ?? "", fetcher.data);
  const [chosenParty, setParty] = useClearedOnSuccess(
    kept.party_size || prefill?.partySize || "",
    fetcher.data,
  );
  const partySize = chosenParty || "2";
  const [chosenArea, setArea] = useClearedOnSuccess(kept.area ?? prefill?.area ?? "", fetcher.data);
  // An area no longer offered (the page was kept while staff changed the plan) is not sent.
  const area = areas.some((offered) => String(offered.id) === chosenArea) ? chosenArea : "";
  // 'Warteliste': the guest chose to ask for a full time; a new date or party size starts over.
  const [waitlistFor, setWaitlistFor] = useState<string | undefined>();

  // The answer with JavaScript: a toast, the form cleared after success.
  const handled = useRef<RequestResult | undefined>(undefined);
  // The form's own key, made in the browser: the same form sent twice is stored once, and every new
  // form gets a new key. (Pages are kept and served to many guests, so the server cannot write one
  // into them; without JavaScript the server derives a key from the request itself. Decision 0020.)
  const formKey = useRef<string | undefined>(undefined);
  useEffect(() => {
    const answer = fetcher.data;
    if (!answer || fetcher.state !== "idle" || handled.current === answer) return;
    handled.current = answer;
    showToast(answer.notice);
    if (answer.status === "sent") {
      // The typed fields are emptied here; date, party size and time are state, which the answer
      // already cleared (`useClearedOnSuccess`). A form reset would set those back to what the page
      // was rendered with, apart from what the state says.
      for (const name of TYPED_FIELDS) {
        const field = formRef.current?.elements.namedItem(name);
        if (field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement) field.value = "";
      }
      formKey.current = undefined;
    } else if (formRef.current) {
      focusFirstInvalid(formRef.current);
    }
  }, [fetcher.data, fetcher.state]);

  const validDate = date !== "" && isCalendarDate(date);
  const day = useDayTimes({
    date,
    party: partySize,
    area,
    enabled: hydrated,
    lastDate: window.max,
    // After an answer rendered without JavaScript: the sent date's times as the server read them then.
    initial:
      documentResult && documentResult.status !== "sent" && documentResult.day
        ? documentResult.day
        : initialDay,
    // Every answer to a request may have changed what is free: the day is asked again after it.
    after: fetcher.data,
  });
  // A date with its own hours is the server's to judge; the weekly hours say nothing about it.
  const hoursDay =
    validDate && !exceptionDates.includes(date)
      ? dayAvailability(date, hours, new Date(), horizonMonths)
      : undefined;
  // Without JavaScript a fully booked day (rendered by the server) offers its full times for the
  // waitlist straight away: the choice between them needs the page's scripts.
  const onWaitlist =
    day !== undefined &&
    day.waitlist.length > 0 &&
    (waitlistFor === `${date}|${partySize}|${area}` || (!hydrated && day.kind === "full"));
  const offered = offeredTimes(day, hoursDay, onWaitlist, phone);
  // A time the server just refused for lack of room stays choosable, to send it for the waitlist.
  const refusedTime = result?.status === "refused" && result.waitlistOffered ? result.values.time : undefined;
  const slots =
    refusedTime && !offered.slots.includes(refusedTime) && refusedTime === chosenTime
      ? [...offered.slots, refusedTime].sort()
      : offered.slots;
  const dayMessage = offered.message;
  // A time the chosen day does not offer is never sent by mistake.
  const time = slots.includes(chosenTime) ? chosenTime : "";
  const waitlistOffered = refusedTime !== undefined && refusedTime === time && !onWaitlist;
  const timeId = `${idPrefix}-time`;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // The answer's toast needs its live region in place first (a guest may have focused the form
    // before the page's scripts ran, so `prepare` never did).
    requestToastArea();
    const form = event.currentTarget;
    // The button that sent the form ('Auf die Warteliste setzen' after a refusal) is sent with it.
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    setChecking(true);
    try {
      const { requestFields, validateReservationRequest } = await loadFormSchemas();
      const data = new FormData(form);
      const values = Object.fromEntries(
        requestFields.map((field) => [field, String(data.get(field) ?? "")]),
      ) as Record<RequestField, string>;
      const validation = validateReservationRequest(values, {
        hours,
        largestParty,
        horizonMonths,
        exceptionDates,
      });
      if (!validation.success) {
        flushSync(() => setClientErrors(validation.fieldErrors));
        showToast(
          validation.missing
            ? { tone: "error", title: M.missingTitle, description: M.missingDescription }
            : { tone: "error", title: M.failedTitle, description: M.checkFields },
        );
        focusFirstInvalid(form);
        return;
      }
      setClientErrors(undefined);
      const keyField = form.elements.namedItem("request_token");
      if (keyField instanceof HTMLInputElement) keyField.value = formKey.current ??= newFormKey();
      const target = submitter instanceof HTMLButtonElement && submitter.name !== "" ? submitter : form;
      await fetcher.submit(target, { method: "post", action });
    } finally {
      setChecking(false);
    }
  }

  const id = (field: string) => `${idPrefix}-${field}`;
  // Before the scripts run a disabled list would not even be sent; the server then says what is wrong.
  const timeDisabled = hydrated && validDate && slots.length === 0;

  return (
    <fetcher.Form
      ref={formRef}
      method="post"
      action={`${action}#${FORM_AREA_ID}`}
      noValidate={hydrated}
      onSubmit={hydrated ? submit : undefined}
      onFocus={prepare}
      aria-label="Reservierungsanfrage"
      className="mt-6 space-y-5"
    >
      {/* Without JavaScript the answer comes as the page: it says so here. With it, the toast does,
          once (a second live message would be read out twice). */}
      {documentResult && !fetcher.data && !clientErrors ? (
        <NoticeInPage notice={documentResult.notice} />
      ) : null}
      <input type="hidden" name="request_token" defaultValue="" />
      {onWaitlist ? <input type="hidden" name="waitlist" value={WAITLIST_YES} /> : null}
      {/* The honeypot: hidden from people and screen readers, filled in only by robots. */}
      <div className="absolute -left-[10000px] h-px w-px overflow-hidden" aria-hidden="true">
        <label htmlFor={id(HONEYPOT_FIELD)}>Bitte nicht ausfüllen</label>
        <input
          id={id(HONEYPOT_FIELD)}
          type="text"
          name={HONEYPOT_FIELD}
          tabIndex={-1}
          autoComplete="off"
          defaultValue=""
        />
      </div>

      <div className="grid gap-5 sm:grid-cols-2">
        <Field
          id={id("name")}
          label="Name"
          errors={errors.name}
          inputProps={{
            name: "name",
            autoComplete: "name",
            required: true,
            maxLength: L.name,
            defaultValue: kept.name,
          }}
        />
        <Field
          id={id("email")}
          label="E-Mail"
          errors={errors.email}
          inputProps={{
            name: "email",
            type: "email",
            autoComplete: "email",
            required: true,
            maxLength: L.email,
            defaultValue: kept.email,
          }}
        />
        <Field
          id={id("phone")}
          label="Telefon"
          optional
          errors={errors.phone}
          inputProps={{
            name: "phone",
            type: "tel",
            autoComplete: "tel",
            maxLength: L.phone,
            defaultValue: kept.phone,
          }}
        />
        <SelectField
          id={id("party_size")}
          label="Personenanzahl"
          errors={errors.party_size}
          description={phone ? M.largerGroups(phone) : undefined}
          options={publicPartySizes(largestParty).map((size) => ({
            value: String(size),
            label: partySizeLabel(size, largestParty),
          }))}
          selectProps={{
            name: "party_size",
            required: true,
            value: partySize,
            onChange: (event) => {
              setParty(event.currentTarget.value);
              setClientErrors((current) => current && { ...current, party_size: undefined, time: undefined });
            },
          }}
        />
        {areas.length > 0 ? (
          <SelectField
            id={id("area")}
            label={M.areaLabel}
            errors={errors.area}
            description={M.areaHint}
            options={[
              { value: "", label: M.areaNone },
              ...areas.map((offered) => ({ value: String(offered.id), label: offered.name })),
            ]}
            selectProps={{
              name: "area",
              value: area,
              onChange: (event) => {
                setArea(event.currentTarget.value);
                setClientErrors((current) => current && { ...current, area: undefined, time: undefined });
              },
            }}
          />
        ) : null}
        <Field
          id={id("date")}
          label="Datum"
          description={dayMessage ? undefined : (offered.note ?? closedDaysHint(hours))}
          errors={errors.date ?? dayMessage}
          inputProps={{
            name: "date",
            type: "date",
            required: true,
            min: window.min,
            max: window.max,
            value: date,
            onChange: (event) => {
              setDate(event.currentTarget.value);
              // A new day's list starts unselected, so no time from the old list is sent by mistake.
              setTime("");
              setClientErrors((current) => current && { ...current, date: undefined, time: undefined });
            },
          }}
        />
        <SelectField
          id={id("time")}
          label="Uhrzeit"
          errors={errors.time}
          description={onWaitlist ? M.waitlistTimes : undefined}
          options={[
            { value: "", label: timeDisabled ? "Keine Uhrzeit verfügbar" : "Bitte wählen" },
            ...slots.map((slot) => ({
              value: slot,
              label: slot === refusedTime && !onWaitlist ? `${slot} Uhr (ausgebucht)` : `${slot} Uhr`,
            })),
          ]}
          selectProps={{
            name: "time",
            required: true,
            disabled: timeDisabled,
            value: time,
            onChange: (event) => setTime(event.currentTarget.value),
          }}
        />
      </div>
      {hydrated && day && day.waitlist.length > 0 ? (
        <WaitlistChoice
          onWaitlist={onWaitlist}
          canLeave={day.free.length > 0}
          onChange={(join) => {
            flushSync(() => {
              setWaitlistFor(join ? `${date}|${partySize}|${area}` : undefined);
              setTime("");
            });
            // The button just pressed may be gone: the list it changed takes the focus.
            document.getElementById(timeId)?.focus();
          }}
        />
      ) : null}
      <TextareaField
        id={id("notes")}
        label="Besondere Wünsche"
        optional
        errors={errors.notes}
        textareaProps={{
          name: "notes",
          rows: 3,
          maxLength: L.notes,
          placeholder: "z. B. Kinderstuhl, Allergien, Anlass",
          defaultValue: kept.notes,
        }}
      />
      <div className="flex flex-col gap-3 sm:flex-row">
        <StatusButton
          size="lg"
          className="w-full sm:w-auto"
          status={pending ? "pending" : "idle"}
          pendingText={submittingText}
        >
          {onWaitlist ? M.waitlistButton : submitText}
        </StatusButton>
        {/* Without JavaScript the list cannot follow a new date or party size by itself: this asks the
            server for the chosen date's times and sends nothing (the browser's checks are skipped). Not
            removed by hydration, which would move what follows under a press (decision 0029). */}
        <Button
          type="submit"
          name={INTENT_FIELD}
          value={SHOW_TIMES}
          formNoValidate
          size="lg"
          variant="outline"
          className="w-full scripting:hidden sm:w-auto"
        >
          {M.showTimes}
        </Button>
        {/* Refused for lack of room: the same request may go on the waitlist (also without JavaScript). */}
        {waitlistOffered ? (
          <Button
            type="submit"
            name="waitlist"
            value={WAITLIST_YES}
            size="lg"
            variant="outline"
            className="w-full sm:w-auto"
            disabled={pending}
          >
            {M.waitlistButton}
          </Button>
        ) : null}
      </div>
    </fetcher.Form>
  );
}

/** 'Ihre Wunschzeit ist ausgebucht?': the choice between the free times and the waitlist's. */
function WaitlistChoice({
  onWaitlist,
  canLeave,
  onChange,
}: {
  onWaitlist: boolean;
  canLeave: boolean;
  onChange: (join: boolean) => void;
}) {
  if (onWaitlist)
    return canLeave ? (
      <p className="text-sm">
        <Button type="button" variant="link" className="h-auto p-0" onClick={() => onChange(false)}>
          {M.waitlistLeave}
        </Button>
      </p>
    ) : null;
  return (
    <p className="text-sm">
      {M.waitlistOffer}{" "}
      <Button type="button" variant="link" className="h-auto p-0" onClick={() => onChange(true)}>
        {M.waitlistChoose}
      </Button>
    </p>
  );
}
