import type { Kysely } from "kysely";
import { renderSVG } from "uqr";
import type { Database } from "../../../db/database.types.ts";
import { formatBerlinDateTime } from "../../lib/format.ts";
import { fieldErrorsOf, formText, type FieldErrors } from "../../lib/forms.ts";
import type { Logger } from "../../lib/logger.server.ts";
import { SITE_NAME } from "../../lib/meta.ts";
import { staffActionDispatcher } from "../../lib/staff-actions.server.ts";
import {
  done,
  failed,
  invalidFields,
  refusedNewPassword,
  withAccountFailures,
  type AccountHandler,
  type AccountOutcome,
} from "./account-forms.server.ts";
import {
  beginSecondFactor,
  changeOwnPassword,
  confirmOwnPassword,
  confirmSecondFactor,
  disableSecondFactor,
  endOtherSessions,
  endSession,
  listSessions,
  renewRecoveryCodes,
  secondFactorState,
  verifySecondFactor,
  type OwnPasswordCheck,
} from "./accounts.server.ts";
import type { AccountFormExtra, MyAccountTarget } from "./action-results.ts";
import {
  changePasswordFields,
  changePasswordSchema,
  changeSecondFactorSchema,
  confirmSecondFactorSchema,
  secondFactorFields,
  secondFactorRequiredFor,
} from "./schema.ts";
import { readSecondFactorPolicy } from "./second-factor-policy.server.ts";
import { sessionCookie, type CookieSettings, type StaffSession } from "./session.server.ts";
import { otpauthUri } from "./totp.server.ts";

/**
 * Mein Konto (decision 0025): one's own password, second factor and signed-in devices. The one
 * screen an account reaches while it must first change its password or set up its second factor
 * (decision 0027). The route has checked the session and hands it in.
 */

/** The secret in groups of four, for typing it into an app by hand. */
const grouped = (secret: string) => secret.replace(/(.{4})/g, "$1 ").trim();

export async function loadMyAccount(db: Kysely<Database>, staff: StaffSession) {
  const [sessions, secondFactor, policy] = await Promise.all([
    listSessions(db, staff.userId, staff.sessionId),
    secondFactorState(db, staff.userId),
    readSecondFactorPolicy(db),
  ]);
  const setup = secondFactor.pendingSecret
    ? {
        secret: grouped(secondFactor.pendingSecret),
        qrSvg: renderSVG(otpauthUri(SITE_NAME, staff.username, secondFactor.pendingSecret), {
          border: 2,
        }),
      }
    : undefined;
  return {
    username: staff.username,
    role: staff.role,
    pending: staff.pending,
    sessions: sessions.map((session) => ({
      ...session,
      lastSeenAt: formatBerlinDateTime(session.lastSeenAt),
      createdAt: formatBerlinDateTime(session.createdAt),
    })),
    secondFactor: {
      enabled: secondFactor.enabled,
      required: secondFactorRequiredFor(policy, staff.role),
      recoveryCodesLeft: secondFactor.recoveryCodesLeft,
      shortRecoveryCodesLeft: secondFactor.shortRecoveryCodesLeft,
      setup,
    },
  };
}

export type MyAccountData = Awaited<ReturnType<typeof loadMyAccount>>;

export interface MyAccountDependencies {
  db: Kysely<Database>;
  logger: Logger;
  staff: StaffSession;
  userAgent: string | null;
  cookieSettings: CookieSettings;
}

type Handler = AccountHandler<MyAccountDependencies, MyAccountTarget>;
type Outcome = AccountOutcome<MyAccountTarget>;

const WRONG_PASSWORD = "Das aktuelle Passwort ist falsch.";
const REQUIRED_SECOND_FACTOR =
  "Die Zwei-Faktor-Anmeldung ist für Ihr Konto Pflicht (Einstellung der Inhaber unter „Konten“) und lässt sich nicht ausschalten. Neue Wiederherstellungscodes können Sie erzeugen.";
const WRONG_CODE = "Der Code ist falsch oder schon verwendet.";
const NOT_ON = "Die Zwei-Faktor-Anmeldung ist nicht eingeschaltet.";
const NO_SESSION = "Diese Sitzung gibt es nicht mehr.";

/** The second factor's forms, refused by their schema: the first message above, each beside its field. */
const invalidFactorForm = (fieldErrors: FieldErrors) =>
  failed<MyAccountTarget>(
    "second-factor",
    fieldErrors.current ?? fieldErrors.code ?? "Bitte prüfen Sie die Felder.",
    400,
    fieldErrors,
  );

/** A wrong current password, or too many tries of it (decision 0025). */
function refusedPassword(
  target: MyAccountTarget,
  check: Exclude<OwnPasswordCheck, { verdict: "right" }>,
): Outcome {
  if (check.verdict === "wrong") return failed(target, WRONG_PASSWORD, 400, { current: WRONG_PASSWORD });
  const minutes = Math.max(1, Math.ceil(check.retryAfterMs / 60_000));
  const message = `Zu viele Versuche mit dem aktuellen Passwort. Bitte warten Sie ${minutes === 1 ? "eine Minute" : `${minutes} Minuten`}.`;
  return {
    status: 429,
    headers: { "Retry-After": String(Math.ceil(check.retryAfterMs / 1000)) },
    result: {
      target,
      outcome: "failed",
      notice: { tone: "error", title: "Zu viele Versuche", description: message },
      fieldErrors: { current: message },
    },
  };
}

/**
 * Turning the factor off and new recovery codes: while the factor is on, changing it takes both
 * factors, the password and a code.
 */
const changeSecondFactor =
  (intent: "totp-disable" | "recovery-renew"): Handler =>
  async (form, { db, logger, staff }) => {
    // While the owners require it, it stays on (decision 0027); asked before any password check.
    if (intent === "totp-disable" && secondFactorRequiredFor(await readSecondFactorPolicy(db), staff.role))
      return failed("second-factor", REQUIRED_SECOND_FACTOR, 409);
    const parsed = changeSecondFactorSchema.safeParse(formText(form, secondFactorFields));
    if (!parsed.success) return invalidFactorForm(fieldErrorsOf(parsed.error, secondFactorFields));
    const check = await confirmOwnPassword(db, staff.userId, parsed.data.current);
    if (check.verdict !== "right") return refusedPassword("second-factor", check);
    const verified = await verifySecondFactor(db, staff.userId, parsed.data.code);
    if (verified === "no-second-factor") return failed("second-factor", NOT_ON, 409);
    if (!verified) return failed("second-factor", WRONG_CODE, 400, { code: WRONG_CODE });
    if (intent === "totp-disable") {
      await disableSecondFactor(db, staff.userId);
      logger.info("second factor off", { username: staff.username });
      return done(
        "second-factor",
        "Zwei-Faktor-Anmeldung ausgeschaltet",
        "Die Anmeldung fragt nur noch nach dem Passwort.",
      );
    }
    const codes = await renewRecoveryCodes(db, staff.userId);
    if (!codes) return failed("second-factor", NOT_ON, 409);
    logger.info("recovery codes renewed", { username: staff.username });
    return done("second-factor", "Neue Wiederherstellungscodes", "Die bisherigen Codes gelten nicht mehr.", {
      recoveryCodes: codes,
    });
  };

const handlers = {
  async password(form, { db, logger, staff, userAgent, cookieSettings }) {
    const parsed = changePasswordSchema.safeParse(formText(form, changePasswordFields));
    if (!parsed.success) return invalidFields("password", fieldErrorsOf(parsed.error, changePasswordFields));
    const refused = refusedNewPassword<MyAccountTarget>("password", parsed.data.password, staff.username);
    if (refused) return refused;
    const result = await changeOwnPassword(
      db,
      staff.userId,
      parsed.data.current,
      parsed.data.password,
      userAgent,
    );
    if (result.verdict !== "changed") return refusedPassword("password", result);
    logger.info("password changed", { username: staff.username });
    return {
      ...done<MyAccountTarget>(
        "password",
        "Passwort geändert",
        "Ihr neues Passwort gilt ab sofort. Auf allen anderen Geräten sind Sie abgemeldet.",
      ),
      // This device goes on with a new session: the old token is worth nothing now.
      headers: { "Set-Cookie": sessionCookie(result.token, cookieSettings) },
    };
  },

  async "end-session"(form, { db, logger, staff }) {
    const id = String(form.get("session") ?? "");
    // Session ids are SHA-256 in hex; anything else names no session (and never reaches the database).
    if (!/^[0-9a-f]{64}$/.test(id)) return failed("sessions", NO_SESSION, 404);
    if (id === staff.sessionId) return failed("sessions", "Diese Sitzung beenden Sie mit „Logout“.");
    if (!(await endSession(db, staff.userId, id))) return failed("sessions", NO_SESSION, 404);
    logger.info("session ended", { username: staff.username });
    return done("sessions", "Sitzung beendet", "Das Gerät ist abgemeldet.");
  },

  async "end-other-sessions"(_form, { db, logger, staff }) {
    const count = await endOtherSessions(db, staff.userId, staff.sessionId);
    logger.info("other sessions ended", { username: staff.username, count });
    return done(
      "sessions",
      "Sitzungen beendet",
      count === 0
        ? "Sie waren auf keinem anderen Gerät angemeldet."
        : `${count === 1 ? "Ein Gerät ist" : `${count} Geräte sind`} abgemeldet.`,
    );
  },

  async "totp-begin"(_form, { db, staff }) {
    await beginSecondFactor(db, staff.userId);
    return { status: 200, result: { target: "second-factor", outcome: "done" } };
  },

  async "totp-confirm"(form, { db, logger, staff }) {
    // The password too: a session left open on a shared computer must not tie the account to
    // someone else's phone.
    const parsed = confirmSecondFactorSchema.safeParse(formText(form, secondFactorFields));
    if (!parsed.success) return invalidFactorForm(fieldErrorsOf(parsed.error, secondFactorFields));
    const check = await confirmOwnPassword(db, staff.userId, parsed.data.current);
    if (check.verdict !== "right") return refusedPassword("second-factor", check);
    const codes = await confirmSecondFactor(db, staff.userId, parsed.data.code);
    if (!codes) {
      const message =
        "Der Code passt nicht. Prüfen Sie die Uhrzeit Ihres Telefons und geben Sie den aktuellen Code ein.";
      return failed("second-factor", message, 400, { code: message });
    }
    logger.info("second factor on", { username: staff.username });
    return done(
      "second-factor",
      "Zwei-Faktor-Anmeldung aktiviert",
      "Ab jetzt fragt die Anmeldung nach dem Code aus Ihrer App. Bewahren Sie die Wiederherstellungscodes sicher auf.",
      { recoveryCodes: codes },
    );
  },

  "totp-disable": changeSecondFactor("totp-disable"),
  "recovery-renew": changeSecondFactor("recovery-renew"),
} satisfies Record<string, Handler>;

export const handleMyAccountAction = staffActionDispatcher<
  keyof typeof handlers,
  MyAccountDependencies,
  AccountFormExtra<MyAccountTarget>
>(
  withAccountFailures(handlers, "password", "account action failed"),
  failed("password", "Unbekannte Aktion."),
);
