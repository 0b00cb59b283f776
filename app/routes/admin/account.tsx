import { data, Form } from "react-router";
import { renderSVG } from "uqr";
import { Field } from "../../components/forms/field.tsx";
import { FormNotice, NoticeInPage } from "../../components/forms/form-notice.tsx";
import { IntentButton } from "../../components/forms/intent-button.tsx";
import { useResetAfter } from "../../components/forms/use-reset-after.ts";
import { AdminPage } from "../../features/admin-shell/admin-page.tsx";
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
} from "../../features/auth/accounts.server.ts";
import { cookieSettingsOf, signedInStaff } from "../../features/auth/auth.server.ts";
import { sessionCookie } from "../../features/auth/session.server.ts";
import { HashingBusyError } from "../../features/auth/password.server.ts";
import { passwordProblem } from "../../features/auth/password-policy.server.ts";
import {
  changePasswordFields,
  changePasswordSchema,
  changeSecondFactorSchema,
  confirmSecondFactorSchema,
  pendingStepMessages,
  pendingStepsConsequence,
  secondFactorFields,
  secondFactorRequiredFor,
} from "../../features/auth/schema.ts";
import { readSecondFactorPolicy } from "../../features/auth/second-factor-policy.server.ts";
import { otpauthUri } from "../../features/auth/totp.server.ts";
import { services } from "../../shared/app-context.ts";
import {
  errorNotice,
  fieldErrorsOf,
  formText,
  INTENT_FIELD,
  readForm,
  type FieldErrors,
  type Notice,
} from "../../lib/forms.ts";
import { formatBerlinDateTime } from "../../lib/format.ts";
import { SITE_NAME, siteMeta } from "../../lib/meta.ts";
import type { Route } from "./+types/account";
import { AdminScreenError } from "../../features/admin-shell/screen-error.tsx";
import { answerOrFailure } from "../../lib/action-failures.ts";

export const meta: Route.MetaFunction = () => siteMeta({ title: "Mein Konto", noindex: true });

const dateTime = formatBerlinDateTime;

/** The secret in groups of four, for typing it into an app by hand. */
const grouped = (secret: string) => secret.replace(/(.{4})/g, "$1 ").trim();

/**
 * Mein Konto (decision 0025): one's own password, second factor and signed-in devices. The one
 * screen an account reaches while it must first change its password or set up its second factor
 * (decision 0027): it says so at the top.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const staff = signedInStaff(context);
  const { database } = services(context);
  const [sessions, secondFactor, policy] = await Promise.all([
    listSessions(database.db, staff.userId, staff.sessionId),
    secondFactorState(database.db, staff.userId),
    readSecondFactorPolicy(database.db),
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
      lastSeenAt: dateTime(session.lastSeenAt),
      createdAt: dateTime(session.createdAt),
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

export function headers() {
  return { "Cache-Control": "no-store" };
}

type Section = "password" | "second-factor" | "sessions";

interface ActionResult {
  section: Section;
  notice?: Notice;
  fieldErrors?: FieldErrors;
  /** Shown once, right after they were made: only their hashes are kept. */
  recoveryCodes?: string[];
}

const failed = (section: Section, description: string, status = 400, fieldErrors?: FieldErrors) =>
  data<ActionResult>(
    {
      section,
      notice: { tone: "error", title: "Fehler", description },
      ...(fieldErrors ? { fieldErrors } : {}),
    },
    { status },
  );
const done = (section: Section, title: string, description: string, extra: Partial<ActionResult> = {}) =>
  data<ActionResult>({ section, notice: { tone: "success", title, description }, ...extra });

const WRONG_PASSWORD = "Das aktuelle Passwort ist falsch.";
const REQUIRED_SECOND_FACTOR =
  "Die Zwei-Faktor-Anmeldung ist für Ihr Konto Pflicht (Einstellung der Inhaber unter „Konten“) und lässt sich nicht ausschalten. Neue Wiederherstellungscodes können Sie erzeugen.";
const WRONG_CODE = "Der Code ist falsch oder schon verwendet.";

/** The second factor's forms, refused by their schema: the first message above, each beside its field. */
const invalidFactorForm = (fieldErrors: FieldErrors) =>
  failed(
    "second-factor",
    fieldErrors.current ?? fieldErrors.code ?? "Bitte prüfen Sie die Felder.",
    400,
    fieldErrors,
  );

/** A wrong current password, or too many tries of it (decision 0025). */
function refusedPassword(section: Section, check: Exclude<OwnPasswordCheck, { verdict: "right" }>) {
  if (check.verdict === "wrong") return failed(section, WRONG_PASSWORD, 400, { current: WRONG_PASSWORD });
  const minutes = Math.max(1, Math.ceil(check.retryAfterMs / 60_000));
  const message = `Zu viele Versuche mit dem aktuellen Passwort. Bitte warten Sie ${minutes === 1 ? "eine Minute" : `${minutes} Minuten`}.`;
  return data<ActionResult>(
    {
      section,
      notice: { tone: "error", title: "Zu viele Versuche", description: message },
      fieldErrors: { current: message },
    },
    { status: 429, headers: { "Retry-After": String(Math.ceil(check.retryAfterMs / 1000)) } },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  const staff = signedInStaff(context);
  const { database, logger } = services(context);
  const db = database.db;
  const form = await readForm(request);
  const intent = form.get(INTENT_FIELD);
  try {
    switch (intent) {
      case "password": {
        const parsed = changePasswordSchema.safeParse(formText(form, changePasswordFields));
        if (!parsed.success)
          return failed(
            "password",
            "Bitte prüfen Sie die Felder.",
            400,
            fieldErrorsOf(parsed.error, changePasswordFields),
          );
        const problem = passwordProblem(parsed.data.password, staff.username);
        if (problem) return failed("password", problem, 400, { password: problem });
        const result = await changeOwnPassword(
          db,
          staff.userId,
          parsed.data.current,
          parsed.data.password,
          request.headers.get("user-agent"),
        );
        if (result.verdict !== "changed") return refusedPassword("password", result);
        logger.info("password changed", { username: staff.username });
        return data<ActionResult>(
          {
            section: "password",
            notice: {
              tone: "success",
              title: "Passwort geändert",
              description:
                "Ihr neues Passwort gilt ab sofort. Auf allen anderen Geräten sind Sie abgemeldet.",
            },
          },
          // This device goes on with a new session: the old token is worth nothing now.
          { headers: { "Set-Cookie": sessionCookie(result.token, cookieSettingsOf(context)) } },
        );
      }
      case "end-session": {
        const id = String(form.get("session") ?? "");
        // Session ids are SHA-256 in hex; anything else names no session (and never reaches the database).
        if (!/^[0-9a-f]{64}$/.test(id)) return failed("sessions", "Diese Sitzung gibt es nicht mehr.", 404);
        if (id === staff.sessionId) return failed("sessions", "Diese Sitzung beenden Sie mit „Logout“.");
        if (!(await endSession(db, staff.userId, id)))
          return failed("sessions", "Diese Sitzung gibt es nicht mehr.", 404);
        logger.info("session ended", { username: staff.username });
        return done("sessions", "Sitzung beendet", "Das Gerät ist abgemeldet.");
      }
      case "end-other-sessions": {
        const count = await endOtherSessions(db, staff.userId, staff.sessionId);
        logger.info("other sessions ended", { username: staff.username, count });
        return done(
          "sessions",
          "Sitzungen beendet",
          count === 0
            ? "Sie waren auf keinem anderen Gerät angemeldet."
            : `${count === 1 ? "Ein Gerät ist" : `${count} Geräte sind`} abgemeldet.`,
        );
      }
      case "totp-begin":
        await beginSecondFactor(db, staff.userId);
        return data<ActionResult>({ section: "second-factor" });
      case "totp-confirm": {
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
      }
      case "totp-disable":
      case "recovery-renew": {
        // While the owners require it, it stays on (decision 0027); asked before any password check.
        if (
          intent === "totp-disable" &&
          secondFactorRequiredFor(await readSecondFactorPolicy(db), staff.role)
        )
          return failed("second-factor", REQUIRED_SECOND_FACTOR, 409);
        // While the factor is on, changing it takes both factors: the password and a code.
        const parsed = changeSecondFactorSchema.safeParse(formText(form, secondFactorFields));
        if (!parsed.success) return invalidFactorForm(fieldErrorsOf(parsed.error, secondFactorFields));
        const check = await confirmOwnPassword(db, staff.userId, parsed.data.current);
        if (check.verdict !== "right") return refusedPassword("second-factor", check);
        const verified = await verifySecondFactor(db, staff.userId, parsed.data.code);
        if (verified === "no-second-factor")
          return failed("second-factor", "Die Zwei-Faktor-Anmeldung ist nicht eingeschaltet.", 409);
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
        if (!codes) return failed("second-factor", "Die Zwei-Faktor-Anmeldung ist nicht eingeschaltet.", 409);
        logger.info("recovery codes renewed", { username: staff.username });
        return done(
          "second-factor",
          "Neue Wiederherstellungscodes",
          "Die bisherigen Codes gelten nicht mehr.",
          {
            recoveryCodes: codes,
          },
        );
      }
      default:
        return failed("password", "Unbekannte Aktion.");
    }
  } catch (error) {
    if (error instanceof HashingBusyError)
      return failed(
        "password",
        "Der Server ist gerade ausgelastet. Bitte versuchen Sie es gleich noch einmal.",
        503,
      );
    logger.error("account action failed", { error, intent: String(intent) });
    return failed("password", "Ein unerwarteter Fehler ist aufgetreten.", 500);
  }
}

const sectionOf = (intent: FormDataEntryValue | null): Section =>
  intent === "end-session" || intent === "end-other-sessions"
    ? "sessions"
    : typeof intent === "string" && (intent.startsWith("totp-") || intent === "recovery-renew")
      ? "second-factor"
      : "password";

/** A change without an answer of the action's own says so in its section (decision 0028). */
export const clientAction = (args: Route.ClientActionArgs) =>
  answerOrFailure<ActionResult>(args, (form, failure) => ({
    section: sectionOf(form.get(INTENT_FIELD)),
    notice: errorNotice(failure.detail),
  }));

/** A screen that cannot load keeps the sidebar and offers 'Erneut versuchen' (decision 0028). */
export const ErrorBoundary = AdminScreenError;

function Section({ title, id, children }: { title: string; id: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-lg border border-stone-200 bg-white p-6 shadow-sm">
      <h2 id={id} className="text-xl font-semibold">
        {title}
      </h2>
      <div className="mt-4 space-y-4">{children}</div>
    </section>
  );
}

/** The account's current password, asked for before anything about the sign-in changes. */
function CurrentPasswordField({
  id,
  confirming,
  error,
}: {
  id: string;
  confirming?: boolean;
  error: string | undefined;
}) {
  return (
    <Field
      id={id}
      label={confirming ? "Aktuelles Passwort (zur Bestätigung)" : "Aktuelles Passwort"}
      errors={error}
      inputProps={{ name: "current", type: "password", autoComplete: "current-password" }}
    />
  );
}

/** What the account must do here before any other screen opens to it (decision 0027). */
function PendingSteps({ steps }: { steps: Route.ComponentProps["loaderData"]["pending"] }) {
  return (
    <section
      aria-labelledby="zuerst"
      className="rounded-lg border-2 border-amber-400 bg-amber-50 p-6 text-amber-950 shadow-sm"
    >
      <h2 id="zuerst" className="text-xl font-semibold">
        Bevor es weitergeht
      </h2>
      <ul className="mt-3 space-y-3">
        {steps.map((step) => (
          <li key={step}>
            <p className="font-semibold">{pendingStepMessages[step].title}</p>
            <p>{pendingStepMessages[step].description}</p>
          </li>
        ))}
      </ul>
      <p className="mt-3">{pendingStepsConsequence}</p>
    </section>
  );
}

export default function Account({ loaderData, actionData }: Route.ComponentProps) {
  const { sessions, secondFactor, username, role, pending } = loaderData;
  const errors = actionData?.fieldErrors ?? {};
  const succeeded = actionData?.notice?.tone === "success" ? actionData : undefined;
  const passwordForm = useResetAfter(succeeded?.section === "password" ? succeeded : undefined);
  const factorForm = useResetAfter(succeeded?.section === "second-factor" ? succeeded : undefined);
  const noticeFor = (section: Section) =>
    actionData?.section === section && actionData.notice ? <NoticeInPage notice={actionData.notice} /> : null;
  return (
    <AdminPage
      title="Mein Konto"
      description={`Angemeldet als ${username} (${role === "owner" ? "Inhaber" : "Mitarbeiter"}).`}
    >
      <div className="max-w-3xl space-y-8">
        {pending.length > 0 ? <PendingSteps steps={pending} /> : null}
        <Section title="Passwort ändern" id="passwort">
          {noticeFor("password")}
          <Form ref={passwordForm} method="post" noValidate className="space-y-4">
            <CurrentPasswordField
              id="current-password"
              error={actionData?.section === "password" ? errors.current : undefined}
            />
            <Field
              id="new-password"
              label="Neues Passwort"
              description="Mindestens 10 Zeichen. Ein langer Satz ist leichter zu merken und schwerer zu erraten."
              errors={errors.password}
              inputProps={{ name: "password", type: "password", autoComplete: "new-password" }}
            />
            <Field
              id="repeat-password"
              label="Neues Passwort wiederholen"
              errors={errors.repeat}
              inputProps={{ name: "repeat", type: "password", autoComplete: "new-password" }}
            />
            <IntentButton intent="password" pendingText="Wird gespeichert...">
              Passwort ändern
            </IntentButton>
          </Form>
        </Section>

        <Section title="Zwei-Faktor-Anmeldung" id="zwei-faktor">
          {noticeFor("second-factor")}
          {actionData?.recoveryCodes ? (
            <div className="rounded-md border border-amber-300 bg-amber-50 p-4">
              <h3 className="font-semibold">Ihre Wiederherstellungscodes</h3>
              <p className="mt-1 text-sm">
                Jeder Code gilt einmal, falls Sie Ihr Telefon nicht zur Hand haben. Drucken oder notieren Sie
                sie jetzt: Sie werden nicht noch einmal angezeigt.
              </p>
              <ul
                aria-label="Wiederherstellungscodes"
                className="mt-3 grid gap-2 font-mono text-base sm:grid-cols-2"
              >
                {actionData.recoveryCodes.map((code) => (
                  <li key={code}>{code}</li>
                ))}
              </ul>
            </div>
          ) : null}
          {secondFactor.enabled ? (
            <>
              <p>
                <strong>Eingeschaltet.</strong> Die Anmeldung fragt nach dem Passwort und dem Code aus Ihrer
                Authenticator-App. Noch {secondFactor.recoveryCodesLeft} unbenutzte Wiederherstellungscodes.
              </p>
              {secondFactor.required ? (
                <p>
                  Die Inhaber haben die Zwei-Faktor-Anmeldung für Ihr Konto zur Pflicht gemacht: Sie bleibt
                  eingeschaltet.
                </p>
              ) : null}
              {secondFactor.shortRecoveryCodesLeft > 0 ? (
                <FormNotice tone="error" title="Bitte erzeugen Sie neue Wiederherstellungscodes">
                  {`${secondFactor.shortRecoveryCodesLeft === 1 ? "Einer Ihrer Codes stammt" : `${secondFactor.shortRecoveryCodesLeft} Ihrer Codes stammen`} aus einer früheren Version und ${secondFactor.shortRecoveryCodesLeft === 1 ? "ist" : "sind"} kürzer als heute üblich. Sie gelten weiter, bis Sie neue erzeugen; die neuen sind länger und sicherer.`}
                </FormNotice>
              ) : null}
              <Form ref={factorForm} method="post" noValidate className="space-y-4">
                <CurrentPasswordField
                  id="factor-password"
                  confirming
                  error={actionData?.section === "second-factor" ? errors.current : undefined}
                />
                <Field
                  id="factor-code"
                  label="Code aus der App oder ein Wiederherstellungscode"
                  errors={actionData?.section === "second-factor" ? errors.code : undefined}
                  inputProps={{
                    name: "code",
                    autoComplete: "one-time-code",
                    autoCapitalize: "none",
                    maxLength: 40,
                  }}
                />
                <div className="flex flex-wrap gap-3">
                  <IntentButton intent="recovery-renew" pendingText="Wird erzeugt..." tone="outline">
                    Neue Wiederherstellungscodes
                  </IntentButton>
                  {secondFactor.required ? null : (
                    <IntentButton intent="totp-disable" pendingText="Wird ausgeschaltet..." tone="danger">
                      Zwei-Faktor-Anmeldung ausschalten
                    </IntentButton>
                  )}
                </div>
              </Form>
            </>
          ) : secondFactor.setup ? (
            <>
              <ol className="list-decimal space-y-2 pl-5">
                <li>
                  Öffnen Sie eine Authenticator-App (z. B. Google Authenticator, Microsoft Authenticator,
                  2FAS).
                </li>
                <li>Scannen Sie diesen QR-Code oder geben Sie den Schlüssel von Hand ein.</li>
                <li>Geben Sie den 6-stelligen Code ein, den die App zeigt.</li>
              </ol>
              <div
                role="img"
                aria-label="QR-Code für die Authenticator-App"
                className="size-48 bg-white"
                dangerouslySetInnerHTML={{ __html: secondFactor.setup.qrSvg }}
              />
              <p className="text-sm">
                Schlüssel:{" "}
                <code className="font-mono text-base" data-testid="totp-secret">
                  {secondFactor.setup.secret}
                </code>
              </p>
              <Form method="post" noValidate className="space-y-4">
                <CurrentPasswordField
                  id="setup-password"
                  confirming
                  error={actionData?.section === "second-factor" ? errors.current : undefined}
                />
                <Field
                  id="totp-code"
                  label="Code aus der App"
                  errors={errors.code}
                  inputProps={{
                    name: "code",
                    autoComplete: "one-time-code",
                    inputMode: "numeric",
                    maxLength: 7,
                  }}
                />
                <IntentButton intent="totp-confirm" pendingText="Wird geprüft...">
                  Aktivieren
                </IntentButton>
              </Form>
            </>
          ) : (
            <>
              <p>
                Ausgeschaltet. Mit einem zweiten Faktor reicht ein gestohlenes oder erratenes Passwort nicht
                zur Anmeldung: Es braucht zusätzlich den Code aus einer App auf Ihrem Telefon.
              </p>
              <Form method="post">
                <IntentButton intent="totp-begin" pendingText="Wird vorbereitet...">
                  Zwei-Faktor-Anmeldung einrichten
                </IntentButton>
              </Form>
            </>
          )}
        </Section>

        <Section title="Angemeldete Geräte" id="geraete">
          {noticeFor("sessions")}
          <ul className="divide-y divide-stone-200" aria-label="Sitzungen">
            {sessions.map((session) => (
              <li key={session.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
                <div>
                  <p className="font-medium">
                    {session.device}
                    {session.current ? (
                      <span className="ml-2 text-sm text-green-800">(dieses Gerät)</span>
                    ) : null}
                  </p>
                  <p className="text-sm text-muted">
                    Zuletzt aktiv {session.lastSeenAt} · angemeldet {session.createdAt}
                  </p>
                </div>
                {session.current ? null : (
                  <Form method="post">
                    <input type="hidden" name="session" value={session.id} />
                    <IntentButton intent="end-session" pendingText="Wird beendet..." tone="outline">
                      <span>
                        Abmelden
                        <span className="sr-only">
                          {" "}
                          ({session.device}, zuletzt aktiv {session.lastSeenAt})
                        </span>
                      </span>
                    </IntentButton>
                  </Form>
                )}
              </li>
            ))}
          </ul>
          {sessions.length > 1 ? (
            <Form method="post">
              <IntentButton intent="end-other-sessions" pendingText="Wird beendet..." tone="outline">
                Alle anderen Geräte abmelden
              </IntentButton>
            </Form>
          ) : null}
        </Section>
      </div>
    </AdminPage>
  );
}
