import type { FieldErrors, Notice } from "../../../lib/forms.ts";
import type { KnownDay } from "../availability/index.ts";
import type { RequestField } from "../book/index.ts";

/** The answer to a guest's request. */
export type RequestResult =
  | { status: "sent"; notice: Notice }
  | {
      status: "invalid" | "refused" | "error";
      notice: Notice;
      fieldErrors: FieldErrors<RequestField>;
      /** What was sent, so a page rendered without JavaScript keeps it. */
      values: Partial<Record<RequestField, string>>;
      /** Refused only for lack of room: the form offers to send it for the waitlist (decision 0031). */
      waitlistOffered?: boolean;
      /**
       * The sent date's times as they are now: a page rendered without JavaScript offers these, not
       * the opening hours (a time that filled up meanwhile is not offered again).
       */
      day?: KnownDay;
    }
  /** 'Zeiten anzeigen' without JavaScript: nothing sent, the chosen date's times and what was typed. */
  | {
      status: "times";
      notice: Notice;
      fieldErrors: FieldErrors<RequestField>;
      values: Partial<Record<RequestField, string>>;
      day?: KnownDay;
    };
