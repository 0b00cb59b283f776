import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { flushSync } from "react-dom";
import { useFetcher } from "react-router";
import { Field, SelectField, TextareaField } from "../../../components/forms/field.tsx";
import { focusFirstInvalid } from "../../../components/forms/focus.ts";
import { NoticeInPage } from "../../../components/forms/form-notice.tsx";
import { StatusButton } from "../../../components/forms/status-button.tsx";
import { isCalendarDate } from "../../../lib/calendar.ts";
import type { OpeningHoursContent } from "../../../shared/content/schemas.ts";
import type { FieldErrors, Notice } from "../../../lib/forms.ts";
import { requestToastArea } from "../../../lib/toasts.ts";
import { useHydrated } from "../../../lib/use-hydrated.ts";
import {
  HONEYPOT_FIELD,
  publicPartySizes,
  partySizeLabel,
  reservationLimits as L,
  reservationMessages as M,
  TIME_SLOTS,
} from "../constants.ts";
import { closedWeekdays, dayAvailability, type BookingWindow } from "../rules.ts";
import type { RequestResult } from "../model.ts";
import type { RequestField } from "../schema.ts";

/** What the home page's action answers to a guest's request. */
export type { RequestResult };

const closedDaysHint = (hours: OpeningHoursContent) => {
  const closed = closedWeekdays(hours);
  return closed.length > 0 ? `Ruhetag: ${closed.join(", ")}` : undefined;
};

/** Where the form posts: the home page's action; the hash brings a page without JavaScript back here. */
export const REQUEST_ACTION = "/?index";
export const FORM_AREA_ID = "reservation-form-area";

// The schema (and Zod with it) and the toast area load when a guest starts on the form, not with the
// page (decision 0008). The toast area is there before the first answer, so a screen reader has its
// live region already and reads the answer out.
const loadSchema = () => import("../schema.ts");
const prepare = () => {
  requestToastArea();
  void loadSchema();
};
const showToast = (notice: Notice) => {
  requestToastArea();
  void import("../../../components/forms/toast-notice.ts").then((module) => module.toastNotice(notice));
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
  /** The form's one-time key: the same request sent twice is stored once. */
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

export function ReservationRequestForm({
  hours,
  window,
  largestParty,
  phone,
  horizonMonths,
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
  const [date, setDate] = useClearedOnSuccess(kept.date ?? "", fetcher.data);
  const [chosenTime, setTime] = useClearedOnSuccess(kept.time ?? "", fetcher.data);

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
      formRef.current?.reset();
      formKey.current = undefined;
    } else if (formRef.current) {
      focusFirstInvalid(formRef.current);
    }
  }, [fetcher.data, fetcher.state]);

  const availability =
    date && isCalendarDate(date) ? dayAvailability(date, hours, new Date(), horizonMonths) : undefined;
  const slots = availability ? (availability.kind === "open" ? availability.slots : []) : TIME_SLOTS;
  const dayMessage = availability && availability.kind !== "open" ? availability.message : undefined;
  // A time the chosen day does not offer is never sent by mistake.
  const time = (slots as readonly string[]).includes(chosenTime) ? chosenTime : "";

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // The answer's toast needs its live region in place first (a guest may have focused the form
    // before the page's scripts ran, so `prepare` never did).
    requestToastArea();
    const form = event.currentTarget;
    setChecking(true);
    try {
      const { requestFields, validateReservationRequest } = await loadSchema();
      const data = new FormData(form);
      const values = Object.fromEntries(
        requestFields.map((field) => [field, String(data.get(field) ?? "")]),
      ) as Record<RequestField, string>;
      const validation = validateReservationRequest(values, { hours, largestParty, horizonMonths });
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
      await fetcher.submit(form, { method: "post", action: REQUEST_ACTION });
    } finally {
      setChecking(false);
    }
  }

  const id = (field: string) => `${idPrefix}-${field}`;
  const timeDisabled = availability !== undefined && slots.length === 0;

  return (
    <fetcher.Form
      ref={formRef}
      method="post"
      action={`${REQUEST_ACTION}#${FORM_AREA_ID}`}
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
          selectProps={{ name: "party_size", required: true, defaultValue: kept.party_size || "2" }}
        />
        <Field
          id={id("date")}
          label="Datum"
          description={dayMessage ? undefined : closedDaysHint(hours)}
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
          options={[
            { value: "", label: timeDisabled ? "Keine Uhrzeit verfügbar" : "Bitte wählen" },
            ...slots.map((slot) => ({ value: slot, label: `${slot} Uhr` })),
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
      <StatusButton
        size="lg"
        className="w-full sm:w-auto"
        status={pending ? "pending" : "idle"}
        pendingText={submittingText}
      >
        {submitText}
      </StatusButton>
    </fetcher.Form>
  );
}
