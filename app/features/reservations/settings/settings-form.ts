import { errorNotice, saveFailedNotice, type StaffActionResult } from "../../../lib/forms.ts";
import type { ActionFailure } from "../../../lib/action-failures.ts";
import {
  MAX_LIST_ROWS,
  type ClosureDraft,
  type ExceptionDraft,
  type SettingsDraft,
} from "./settings-schema.ts";

/**
 * The settings form as it travels: reading a sent form into a draft, the list buttons, and the
 * answer the action gives (decision 0010). Browser-safe: the screen uses it too.
 */

export type SettingsList = "closures" | "exceptions";
export const emptyClosure = (): ClosureDraft => ({ from: "", to: "", note: "" });
export const emptyException = (): ExceptionDraft => ({ date: "", opens: "", closes: "", note: "" });

const SCALAR_FIELDS = [
  "totalSeats",
  "onlineSeats",
  "arrivalsPerSlot",
  "largestOnlineParty",
  "leadMinutes",
  "horizonMonths",
  "autoConfirmUpTo",
  "reminderHour",
  "notesEraseDays",
  "anonymiseAfterMonths",
  "areaWish",
] as const;
const STAY_FIELDS = ["small", "medium", "large"] as const;
const CLOSURE_FIELDS = ["from", "to", "note"] as const;
const EXCEPTION_FIELDS = ["date", "opens", "closes", "note"] as const;

/** The form's fields as name and value, in the order the screen shows them (tests post these). */
export function settingsFormFields(draft: SettingsDraft): Array<[string, string]> {
  return [
    ...SCALAR_FIELDS.map((name): [string, string] => [name, draft[name]]),
    ...STAY_FIELDS.map((size): [string, string] => [`stayMinutes.${size}`, draft.stayMinutes[size]]),
    ...draft.closures.flatMap((row, index) =>
      CLOSURE_FIELDS.map((field): [string, string] => [`closures.${index}.${field}`, row[field]]),
    ),
    ...draft.exceptions.flatMap((row, index) =>
      EXCEPTION_FIELDS.map((field): [string, string] => [`exceptions.${index}.${field}`, row[field]]),
    ),
  ];
}

const textOf = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
};

/**
 * A list's rows from a sent form, in the order of their numbers. One row more than a list may hold
 * is kept, so the schema can refuse the list; a forged form with thousands of rows costs no more.
 */
function rowsOf<Field extends string>(form: FormData, list: SettingsList, fields: readonly Field[]) {
  const pattern = new RegExp(`^${list}\\.(\\d{1,4})\\.`);
  const indexes = new Set<number>();
  for (const name of form.keys()) {
    const match = pattern.exec(name);
    if (match) indexes.add(Number(match[1]));
  }
  return [...indexes]
    .sort((a, b) => a - b)
    .slice(0, MAX_LIST_ROWS + 1)
    .map((index) => {
      const row = {} as Record<Field, string>;
      for (const field of fields) row[field] = textOf(form, `${list}.${index}.${field}`);
      return row;
    });
}

export function readSettingsDraft(form: FormData): SettingsDraft {
  const scalars = Object.fromEntries(SCALAR_FIELDS.map((name) => [name, textOf(form, name)])) as Record<
    (typeof SCALAR_FIELDS)[number],
    string
  >;
  return {
    ...scalars,
    stayMinutes: {
      small: textOf(form, "stayMinutes.small"),
      medium: textOf(form, "stayMinutes.medium"),
      large: textOf(form, "stayMinutes.large"),
    },
    closures: rowsOf(form, "closures", CLOSURE_FIELDS),
    exceptions: rowsOf(form, "exceptions", EXCEPTION_FIELDS),
  };
}

/**
 * The list buttons ('Zeitraum hinzufügen', 'Entfernen'). With JavaScript the screen edits its rows
 * itself; without it the button posts the form and the action answers it with the rows edited,
 * nothing saved. The intent names the change: `list:add:closures`, `list:remove:exceptions:2`.
 */
export interface ListEdit {
  kind: "add" | "remove";
  list: SettingsList;
  index: number;
}

export const listEditIntent = ({ kind, list, index }: ListEdit) =>
  kind === "add" ? `list:add:${list}` : `list:remove:${list}:${index}`;

export function parseListEdit(intent: unknown): ListEdit | undefined {
  if (typeof intent !== "string") return undefined;
  const match = /^list:(add|remove):(closures|exceptions)(?::(\d{1,3}))?$/.exec(intent);
  if (!match) return undefined;
  const kind = match[1] as ListEdit["kind"];
  if (kind === "remove" && match[3] === undefined) return undefined;
  return { kind, list: match[2] as SettingsList, index: Number(match[3] ?? 0) };
}

export function applyListEdit(draft: SettingsDraft, { kind, list, index }: ListEdit): SettingsDraft {
  if (list === "closures") {
    const rows =
      kind === "add"
        ? [...draft.closures, emptyClosure()].slice(0, MAX_LIST_ROWS)
        : draft.closures.filter((_, at) => at !== index);
    return { ...draft, closures: rows };
  }
  const rows =
    kind === "add"
      ? [...draft.exceptions, emptyException()].slice(0, MAX_LIST_ROWS)
      : draft.exceptions.filter((_, at) => at !== index);
  return { ...draft, exceptions: rows };
}

/** The action's answer: a `StaffActionResult` with the form's values as the screen should show them next. */
export type SettingsResult = StaffActionResult<"save" | "edit" | "take-stay" | "unknown"> & {
  values?: SettingsDraft;
};

export const UNKNOWN_ACTION = "Unbekannte Aktion.";

/** A save that got no answer of the action's own says why where the save's answer would (decision 0028). */
export const settingsFailure = (_form: FormData, failure: ActionFailure): SettingsResult => ({
  intent: "save",
  resultId: failure.id,
  outcome: "failed",
  notice: saveFailedNotice(failure.detail),
});

export const unknownActionNotice = () => errorNotice(UNKNOWN_ACTION);
