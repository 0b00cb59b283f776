import { data, isRouteErrorResponse } from "react-router";
import {
  formId,
  INTENT_FIELD,
  readForm,
  saveMessages,
  type Notice,
  type StaffActionResult,
} from "./forms.ts";

/**
 * Staff screens survive a request that fails below their action (decision 0028). Every admin route's
 * `clientAction` sends the form through `answerOrFailure`: the action's own answer passes unchanged
 * (a 400 with field messages, a 409, a redirect to the sign-in page); anything else — an error
 * status the action did not write (a proxy's bare 500 or 504), a crash thrown from the action, a
 * dropped or aborted connection, no answer in time — becomes the failure the screen would have
 * received for that intent. The screen then rolls its optimistic change back and says why, instead
 * of React Router handing the error to the route's error boundary.
 *
 * It runs in the browser only: without JavaScript (or before hydration) a form posts to the server
 * action directly, and what the server answers is the page.
 */

/** Why no answer of the action's own arrived. */
export type ActionFailureKind = "server" | "offline" | "timeout";

export interface ActionFailure {
  kind: ActionFailureKind;
  /** A German sentence for staff, for messages with room for a reason ('…: {detail}'). */
  detail: string;
  /** A fresh id for this failure: screens take each answer once, by its id (`StaffActionResult.resultId`). */
  id: string;
}

export const actionFailureMessages: Record<ActionFailureKind, string> = {
  server: saveMessages.unexpectedDescription,
  offline: "Keine Verbindung zum Server. Bitte prüfen Sie die Internetverbindung.",
  timeout: "Der Server hat nicht rechtzeitig geantwortet.",
};

/**
 * How long the browser waits for an action's answer: as long as the server waits for a request
 * (`server.requestTimeout` in `server/start.ts`); the slowest actions, which send an e-mail, give up
 * on the mail server well before (`app/common/mail/mailer.server.ts`).
 */
export const ACTION_TIMEOUT_MS = 60_000;

/**
 * The status the failure is handed to React Router with: 400 and above skips the reload of the
 * screen's data after the action (as after an action's own 500), so a screen whose connection is
 * gone keeps what it shows, and unsaved edits stay, instead of its reload failing into the error page.
 */
export const FAILURE_STATUS = 503;

let failures = 0;
/** Not `crypto.randomUUID()`: browsers offer it only on https and localhost, staff may use plain http in the restaurant's network. */
const nextFailureId = () => `failure-${Date.now().toString(36)}-${(failures += 1)}`;

class ActionTimeout extends Error {}

/**
 * Why an action's request failed, or `undefined` when the error must go on as it is: a redirect
 * (an expired session leads to the sign-in page) and a refusal the server decided (403, an owner's
 * screen for staff, decision 0025), which the route's error boundary shows.
 */
export function failureKindOf(error: unknown, online = true): ActionFailureKind | undefined {
  if (error instanceof Response) return undefined;
  if (isRouteErrorResponse(error)) return error.status === 403 ? undefined : "server";
  if (error instanceof ActionTimeout) return "timeout";
  // fetch() rejects with a TypeError when the connection fails, an AbortError when it is cut off.
  if (!online || error instanceof TypeError || (error instanceof DOMException && error.name === "AbortError"))
    return "offline";
  return "server";
}

/** The action's answer, or the failure `failureResult` builds from the sent form (see above). */
export async function answerOrFailure<Result>(
  { request, serverAction }: { request: Request; serverAction: () => Promise<Result> },
  failureResult: (form: FormData, failure: ActionFailure) => Result,
  { timeoutMs = ACTION_TIMEOUT_MS }: { timeoutMs?: number } = {},
): Promise<Result | ReturnType<typeof data<Result>>> {
  // The form is read from a copy: sending it reads the request's own body.
  const sent = request.clone();
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    const answer = serverAction();
    // A late answer after the timeout is dropped, and so is its error.
    answer.catch(() => undefined);
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new ActionTimeout()), timeoutMs);
    });
    return await Promise.race([answer, timeout]);
  } catch (error) {
    const online = typeof navigator === "undefined" || navigator.onLine !== false;
    const kind = failureKindOf(error, online);
    if (kind === undefined) throw error;
    console.error("staff action got no answer of its own", error);
    const failure = { kind, detail: actionFailureMessages[kind], id: nextFailureId() };
    return data(failureResult(await readForm(sent), failure), { status: FAILURE_STATUS });
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The failure builder of a screen whose actions are row actions (`StaffActionResult`, decision 0010):
 * the notice its intent names, about the row the form named.
 */
export function rowActionFailure<Intent extends string>(
  notices: Record<Intent, (failure: ActionFailure) => Notice>,
  unknown: (failure: ActionFailure) => Notice,
) {
  return (form: FormData, failure: ActionFailure): StaffActionResult<Intent | "unknown"> => {
    const sent = form.get(INTENT_FIELD);
    const intent =
      typeof sent === "string" && Object.hasOwn(notices, sent) ? (sent as Intent) : ("unknown" as const);
    return {
      intent,
      resultId: failure.id,
      outcome: "failed",
      notice: intent === "unknown" ? unknown(failure) : notices[intent](failure),
      targetId: formId(form),
    };
  };
}
