import { isCalendarDate, minutesOfClock } from "../../../lib/calendar.ts";
import type { OpeningHoursContent } from "../../../common/content/schemas.ts";
import { fieldErrorsOf, type FieldErrors } from "../../../lib/forms.ts";
import { z } from "../../../lib/zod.ts";
import { isCleanLine, isCleanText } from "../../../lib/text-rules.ts";
import {
  HONEYPOT_FIELD,
  MAX_PUBLIC_PARTY_SIZE,
  MAX_STAFF_PARTY_SIZE,
  RESERVATION_STATUSES,
  reservationLimits as L,
  reservationMessages as M,
  serviceMessages as S,
  TIME_SLOTS,
  WAITLIST_YES,
  WALK_IN_NAME,
} from "./terms.ts";
import { exceptionSlotProblem, outsideWindow, slotProblem } from "./opening-rule.ts";

/**
 * The two reservation forms' schemas (decision 0010): the guest's request and the staff form. The
 * browser and the action parse with the same schema; the action's answer is final. No server
 * imports: the browser loads this module when a guest starts filling in the form.
 */

/**
 * The name as the search column stores it: lower case by German rules, since SQLite's lower() and
 * LIKE fold only ASCII ('MÜLLER' must find 'Müller'). Written by the application on every insert and
 * name change.
 */
export const searchableName = (name: string) => name.normalize("NFC").toLocaleLowerCase("de-DE");

const text = (message: string) => z.string(message).trim();

const name = (required: string) =>
  text(required).min(1, required).max(L.name, M.nameTooLong).refine(isCleanLine, M.nameInvalid);

const phone = z
  .string()
  .trim()
  .max(L.phone, M.phoneTooLong)
  .refine((value) => value === "" || /^\+?[\d\s/()-]{3,}$/.test(value), M.phoneInvalid)
  .transform((value) => (value === "" ? null : value));

const notes = z
  .string()
  .trim()
  .max(L.notes, M.notesTooLong)
  // Line breaks belong in a note; other control characters never do (app/lib/text-rules.ts).
  .refine(isCleanText, M.notesInvalid)
  .transform((value) => (value === "" ? null : value));

const date = text(M.dateRequired)
  .min(1, M.dateRequired)
  .refine((value) => isCalendarDate(value), M.dateInvalid);

/** A whole number written as digits only: '2.5', '-3', '1e1' and ' ' are not party sizes. */
const partySize = (max: number, invalid: string) =>
  text(M.partySizeRequired)
    .min(1, M.partySizeRequired)
    .refine((value) => /^\d{1,3}$/.test(value) && Number(value) >= 1 && Number(value) <= max, invalid)
    .transform(Number);

/**
 * What a reservation's forms call its fields, the guest's and the staff's alike (one vocabulary,
 * decision 0051); the store names them as the table's columns.
 */
const reservationFields = ["name", "email", "phone", "date", "time", "party_size", "notes"] as const;

/**
 * The staff forms' field names before they took the guest's (decision 0051): a staff screen loaded
 * before an update still sends them to a server already updated, during a rolling update. Read as the
 * new names for one release, so that no walk-in's name and no edit is lost; then removed.
 */
const formerStaffNames = {
  customer_name: "name",
  phone_number: "phone",
  reservation_date: "date",
  reservation_time: "time",
} as const;

/** The form with a former field name read as its new one, where the new one was not sent. */
export function withFormerStaffNames(form: FormData): FormData {
  const former = Object.entries(formerStaffNames).filter(([old, name]) => form.has(old) && !form.has(name));
  if (former.length === 0) return form;
  const renamed = new FormData();
  const newNameOf = new Map<string, string>(former);
  for (const [key, value] of form.entries()) renamed.append(newNameOf.get(key) ?? key, value);
  return renamed;
}

/** The guest's request as the form sends it: every value a string ('' when left empty). */
export const requestFields = [
  ...reservationFields,
  HONEYPOT_FIELD,
  "request_token",
  /** 'ja' when the guest asks to go on the waitlist should the time be full (decision 0031). */
  "waitlist",
  /** The area the guest chose, by its id; '' for none (decision 0054). */
  "area",
] as const;
export type RequestField = (typeof requestFields)[number];

const requestShapeFor = (largestParty: number) =>
  z.object({
    name: name(M.nameRequired),
    email: text(M.emailRequired)
      .min(1, M.emailRequired)
      .max(L.email, M.emailInvalid)
      .pipe(z.email(M.emailInvalid)),
    phone,
    date,
    time: text(M.timeRequired)
      .min(1, M.timeRequired)
      .refine((value) => (TIME_SLOTS as readonly string[]).includes(value), M.timeInvalid),
    party_size: partySize(largestParty, M.partySizeInvalid),
    notes,
    // Filled in only by robots; the action answers them as if all went well and stores nothing.
    [HONEYPOT_FIELD]: z.string().default(""),
    request_token: z
      .string()
      .trim()
      .max(L.requestToken)
      .regex(/^[A-Za-z0-9_-]*$/)
      .catch(""),
    waitlist: z
      .string()
      .default("")
      .transform((value) => value.trim() === WAITLIST_YES),
    // Only its form here: whether the area is one guests may choose is the server's question.
    area: z
      .string()
      .trim()
      .default("")
      .refine((value) => value === "" || /^\d{1,9}$/.test(value), M.areaInvalid)
      .transform((value) => (value === "" ? null : Number(value))),
  });

const requestShape = requestShapeFor(MAX_PUBLIC_PARTY_SIZE);

/** What a guest's request is judged by: the opening hours, the current time, the largest online group. */
export interface RequestContext {
  hours: OpeningHoursContent;
  now?: Date;
  /** 'Größte Gruppe online' (decision 0031); 8 when not set. */
  largestParty?: number;
  /** 'Buchbar bis' in months (decision 0031); six when not set. */
  horizonMonths?: number;
  /**
   * Dates with their own hours ('Schließtage und Ausnahmen', decision 0031): the weekly hours do not
   * apply to them; the availability rule judges them when the request is stored.
   */
  exceptionDates?: readonly string[];
  /**
   * The same dates with their hours, where the server knows them: a time outside an exception's
   * hours is then refused here like any time outside the opening hours (400, not the rule's 409).
   */
  exceptions?: ReadonlyArray<{ date: string; opens: string; closes: string }>;
}

/** Only the booking window: for a date with its own hours, which the availability rule judges. */
function windowProblem(date: string, context: RequestContext) {
  const outside = outsideWindow(date, context.now ?? new Date(), context.horizonMonths);
  return outside && { field: "date" as const, message: outside.message };
}

/** The fields' shapes per largest online party: each built once (building costs more than checking). */
const shapes = new Map<number, typeof requestShape>([[MAX_PUBLIC_PARTY_SIZE, requestShape]]);
function shapeFor(largestParty = MAX_PUBLIC_PARTY_SIZE): typeof requestShape {
  let shape = shapes.get(largestParty);
  if (!shape) {
    shape = requestShapeFor(largestParty);
    shapes.set(largestParty, shape);
  }
  return shape;
}

/** The rules of the day for a request whose fields are valid: the opening hours and the current time. */
function dayProblem(value: { date: string; time: string }, context: RequestContext) {
  const exception = context.exceptions?.find((day) => day.date === value.date);
  if (exception)
    return exceptionSlotProblem(value.date, value.time, exception, context.now, context.horizonMonths);
  return context.exceptionDates?.includes(value.date)
    ? windowProblem(value.date, context)
    : slotProblem(value.date, value.time, context.hours, context.now, context.horizonMonths);
}

export type ReservationRequest = z.output<typeof requestShape>;

/** Fields whose absence is answered with 'Fehlende Angaben' (docs/product/reservations.md#messages). */
const REQUIRED_FIELDS = ["name", "email", "date", "time", "party_size"] as const;

export type RequestValidation =
  | { success: true; data: ReservationRequest }
  | { success: false; fieldErrors: FieldErrors<RequestField>; missing: boolean };

/** Validates a submitted request; `missing` says whether a required field was left empty. */
export function validateReservationRequest(
  values: Partial<Record<RequestField, string>>,
  context: RequestContext,
): RequestValidation {
  const result = shapeFor(context.largestParty).safeParse(values);
  if (!result.success) {
    const missing = REQUIRED_FIELDS.some((field) => (values[field] ?? "").trim() === "");
    return { success: false, fieldErrors: fieldErrorsOf(result.error, requestFields), missing };
  }
  // The day's rules only once every field is valid: a wrong e-mail address is said first.
  const problem = dayProblem(result.data, context);
  if (problem) return { success: false, fieldErrors: { [problem.field]: problem.message }, missing: false };
  return { success: true, data: result.data };
}

/**
 * The staff form ('+ Neue Reservierung', 'Reservierung Bearbeiten'). Its fields are named as the
 * guest's form names them (one vocabulary for both, decision 0051); what it gives the store is named
 * as the table's columns.
 */
export const staffFields = [
  "name",
  "email",
  "phone",
  "date",
  "time",
  "party_size",
  "status",
  "notes",
] as const;
export type StaffField = (typeof staffFields)[number];

export const staffReservationSchema = z
  .object({
    name: name(M.customerNameRequired),
    // Optional for staff (a guest who phoned in), but a real address when given.
    email: z
      .string()
      .trim()
      .max(L.email, M.emailInvalid)
      .refine((value) => value === "" || z.email().safeParse(value).success, M.emailInvalid)
      .transform((value) => (value === "" ? null : value)),
    phone,
    date,
    // Staff may note any time (a guest who phoned for 19:15); the time slots bind only guests (decision 0017).
    time: text(M.timeRequired)
      .min(1, M.timeRequired)
      .refine((value) => minutesOfClock(value) !== undefined, M.staffTimeInvalid),
    party_size: partySize(MAX_STAFF_PARTY_SIZE, M.staffPartySizeInvalid),
    status: z.enum(RESERVATION_STATUSES, M.statusRequired),
    notes,
  })
  .transform((values) => ({
    customer_name: values.name,
    email: values.email,
    phone_number: values.phone,
    reservation_date: values.date,
    reservation_time: values.time,
    party_size: values.party_size,
    status: values.status,
    notes: values.notes,
  }));

export type StaffReservationValues = z.output<typeof staffReservationSchema>;

export const statusSchema = z.enum(RESERVATION_STATUSES, M.statusRequired);

/** A guest's change through their link (decision 0033): the visit's date, time and party size. */
export const guestChangeFields = ["date", "time", "party_size"] as const;
export type GuestChangeField = (typeof guestChangeFields)[number];
export type GuestChange = Pick<ReservationRequest, GuestChangeField>;

export type GuestChangeValidation =
  { success: true; data: GuestChange } | { success: false; fieldErrors: FieldErrors<GuestChangeField> };

/** Judged as a new request's date, time and party size are: the same fields, the same day's rules. */
export function validateGuestChange(
  values: Partial<Record<GuestChangeField, string>>,
  context: RequestContext,
): GuestChangeValidation {
  const result = shapeFor(context.largestParty)
    .pick({ date: true, time: true, party_size: true })
    .safeParse(values);
  if (!result.success) return { success: false, fieldErrors: fieldErrorsOf(result.error, guestChangeFields) };
  const problem = dayProblem(result.data, context);
  if (problem) return { success: false, fieldErrors: { [problem.field]: problem.message } };
  return { success: true, data: result.data };
}

/** 'Laufkundschaft' (decision 0034): the party's size, and a name when the guests give one. */
export const walkInFields = ["party_size", "name", "request_token"] as const;
export type WalkInField = (typeof walkInFields)[number];

export const walkInSchema = z.object({
  party_size: partySize(MAX_STAFF_PARTY_SIZE, M.staffPartySizeInvalid),
  name: z
    .string()
    .trim()
    .max(L.name, M.nameTooLong)
    .refine(isCleanLine, M.nameInvalid)
    .transform((value) => (value === "" ? WALK_IN_NAME : value)),
  // The form's one-time key: sent twice (a reload of the answer page), the walk-in is stored once.
  request_token: z
    .string()
    .trim()
    .max(L.requestToken)
    .refine((value) => /^[\w-]*$/.test(value))
    .transform((value) => (value === "" ? undefined : value)),
});
export type WalkInValues = z.output<typeof walkInSchema>;

/** 'Warteliste vor Ort' (decision 0057): who waits at the door, how many, how to reach them, a note. */
export const doorEntryFields = ["name", "party_size", "phone", "notes"] as const;
export type DoorEntryField = (typeof doorEntryFields)[number];

export const doorEntrySchema = z.object({
  name: name(S.doorNameRequired),
  party_size: partySize(MAX_STAFF_PARTY_SIZE, M.staffPartySizeInvalid),
  phone,
  notes: z
    .string()
    .trim()
    .max(L.notes, S.doorNoteTooLong)
    .refine(isCleanText, M.notesInvalid)
    .transform((value) => (value === "" ? null : value)),
});
export type DoorEntryValues = z.output<typeof doorEntrySchema>;
