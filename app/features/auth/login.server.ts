import type { Kysely } from "kysely";
import type { Database } from "../../../db/database.types.ts";
import { formText, type Notice } from "../../lib/forms.ts";
import type { Logger } from "../../lib/logger.server.ts";
import { staffActionDispatcher, type StaffActionOutcome } from "../../lib/staff-actions.server.ts";
import type { LoginExtra, LoginIntent } from "./action-results.ts";
import {
  challengeCookie,
  challengeIsOpen,
  clearedChallengeCookie,
  closeChallenge,
  readChallengeToken,
} from "./challenge.server.ts";
import {
  loginFields,
  loginMessages,
  secondFactorMessages,
  signedInNotice,
  throttledDescription,
} from "./schema.ts";
import { hashToken, readSessionToken, sessionCookie, type CookieSettings } from "./session.server.ts";
import { completeSecondFactor, signIn } from "./sign-in.server.ts";

/**
 * The sign-in page on the server (decisions 0002, 0009 and 0025): the password, then — for an
 * account with a second factor — the code, or 'Abbrechen' back to the start. The route has sent a
 * signed-in visitor on to /admin.
 */

/** Whether the page asks for the code: a password accepted minutes ago, its code still to come. */
export async function loadLogin(db: Kysely<Database>, request: Request, settings: CookieSettings) {
  const challenge = readChallengeToken(request, settings);
  return { secondStep: challenge ? await challengeIsOpen(db, challenge) : false };
}

export interface LoginDependencies {
  db: Kysely<Database>;
  logger: Logger;
  clientAddress: string;
  request: Request;
  settings: CookieSettings;
}

type Outcome = StaffActionOutcome<LoginExtra>;

const noStore = { "Cache-Control": "no-store" };

const refused = (
  status: number,
  title: string,
  description: string,
  username: string,
  headers?: HeadersInit,
): Outcome => ({
  status,
  headers,
  result: {
    outcome: "failed",
    notice: { tone: "error", title, description },
    values: { username },
  },
});

const throttled = (retryAfterSeconds: number, username: string, headers: Record<string, string> = {}) =>
  refused(
    429,
    loginMessages.throttledTitle,
    throttledDescription(Math.max(1, Math.ceil(retryAfterSeconds / 60))),
    username,
    { "Retry-After": String(retryAfterSeconds), ...headers },
  );

const signedIn = (headers: HeadersInit, note?: string): Outcome => {
  const notice: Notice = note
    ? { ...signedInNotice, description: `${note} ${signedInNotice.description}` }
    : signedInNotice;
  return { status: 200, headers, result: { outcome: "done", step: "signed-in", notice, note } };
};

const codeRefused = (status: number, message: string): Outcome => ({
  status,
  result: { outcome: "invalid", step: "code", fieldErrors: { code: message } },
});

const handlers: Record<LoginIntent, (form: FormData, deps: LoginDependencies) => Promise<Outcome>> = {
  async "sign-in"(form, { db, logger, clientAddress, request, settings }) {
    const { username, password } = formText(form, loginFields);
    const typed = username.slice(0, 100);
    const result = await signIn(db, {
      username,
      password,
      clientAddress,
      userAgent: request.headers.get("user-agent"),
      previousToken: readSessionToken(request, settings),
    });
    switch (result.kind) {
      case "invalid":
        return {
          status: 400,
          result: { outcome: "invalid", fieldErrors: result.fieldErrors, values: { username: typed } },
        };
      case "throttled":
        logger.warn("sign-in throttled", { clientAddress });
        return throttled(result.retryAfterSeconds, typed);
      case "rejected":
        logger.warn("sign-in failed", { clientAddress });
        return refused(401, loginMessages.failedTitle, loginMessages.failedDescription, typed);
      case "second-factor":
        logger.info("password right, code next", { clientAddress });
        return {
          status: 200,
          headers: { "Set-Cookie": challengeCookie(result.challengeToken, settings), ...noStore },
          result: { outcome: "done", step: "code" },
        };
      case "signed-in":
        logger.info("signed in", { username: result.username, clientAddress });
        return signedIn({ "Set-Cookie": sessionCookie(result.token, settings), ...noStore });
    }
  },

  /** The second step: the code for the challenge in the cookie (decision 0025). */
  async "second-factor"(form, { db, logger, clientAddress, request, settings }) {
    const cleared = clearedChallengeCookie(settings);
    const result = await completeSecondFactor(db, {
      challengeToken: readChallengeToken(request, settings),
      code: formText(form, ["code"]).code,
      clientAddress,
      userAgent: request.headers.get("user-agent"),
      previousToken: readSessionToken(request, settings),
    });
    switch (result.kind) {
      case "invalid":
        return codeRefused(400, result.message);
      case "wrong-code":
        logger.warn("second factor wrong", { clientAddress });
        return codeRefused(401, secondFactorMessages.wrongCode(result.attemptsLeft));
      case "expired":
        return refused(401, loginMessages.failedTitle, secondFactorMessages.expired, "", {
          "Set-Cookie": cleared,
        });
      case "throttled":
        return throttled(result.retryAfterSeconds, "", { "Set-Cookie": cleared });
      case "signed-in": {
        logger.info("signed in", { username: result.username, clientAddress, secondFactor: true });
        const headers = new Headers(noStore);
        headers.append("Set-Cookie", sessionCookie(result.token, settings));
        headers.append("Set-Cookie", cleared);
        return signedIn(headers, result.usedRecoveryCode ? secondFactorMessages.recoveryUsed : undefined);
      }
    }
  },

  async restart(_form, { db, request, settings }) {
    const challenge = readChallengeToken(request, settings);
    if (challenge) await closeChallenge(db, hashToken(challenge));
    return {
      status: 200,
      headers: { "Set-Cookie": clearedChallengeCookie(settings) },
      result: { outcome: "done" },
    };
  },
};

/** The sign-in form names no intent: anything but the code and 'Abbrechen' is a sign-in. */
export const handleLoginAction = staffActionDispatcher<LoginIntent, LoginDependencies, LoginExtra>(handlers, {
  intent: "sign-in",
});
