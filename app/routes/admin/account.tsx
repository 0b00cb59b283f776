import { data, Form } from "react-router";
import { renderSVG } from "uqr";
import { Field } from "../../components/forms/field.tsx";
import { NoticeInPage } from "../../components/forms/form-notice.tsx";
import { StatusButton } from "../../components/forms/status-button.tsx";
import { useIsPending } from "../../components/forms/use-is-pending.ts";
import { useResetAfter } from "../../components/forms/use-reset-after.ts";
import { AdminPage } from "../../features/admin-shell/admin-page.tsx";
import {
  beginSecondFactor,
  changeOwnPassword,
  checkOwnPassword,
  confirmSecondFactor,
  disableSecondFactor,
  endOtherSessions,
  endSession,
  listSessions,
  renewRecoveryCodes,
  secondFactorState,
} from "../../features/auth/accounts.server.ts";
import { requireStaffSession } from "../../features/auth/auth.server.ts";
import { HashingBusyError } from "../../features/auth/password.server.ts";
import { passwordProblem } from "../../features/auth/password-policy.server.ts";
import { changePasswordFields, changePasswordSchema, codeSchema } from "../../features/auth/schema.ts";
import { otpauthUri } from "../../features/auth/totp.server.ts";
import { services } from "../../lib/app-context.ts";
import {
  fieldErrorsOf,
  formText,
  INTENT_FIELD,
  readForm,
  type FieldErrors,
  type Notice,
} from "../../lib/forms.ts";
import { SITE_NAME, siteMeta } from "../../lib/meta.ts";
import type { Route } from "./+types/account";

export const meta: Route.MetaFunction = () => siteMeta({ title: "Mein Konto", noindex: true });

const dateTime = (iso: string) =>
  new Date(iso).toLocaleString("de-DE", {
    timeZone: "Europe/Berlin",
    day: "2-digit",
    month: "2-digit",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
  });

/** The secret in groups of four, for typing it into an app by hand. */
const grouped = (secret: string) => secret.replace(/(.{4})/g, "$1 ").trim();

/** Mein Konto (decision 0025): one's own password, second factor and signed-in devices. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = await requireStaffSession(request, context);
  const { database } = services(context);
  const [sessions, secondFactor] = await Promise.all([
    listSessions(database.db, staff.userId, staff.sessionId),
    secondFactorState(database.db, staff.userId),
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
    sessions: sessions.map((session) => ({
      ...session,
      lastSeenAt: dateTime(session.lastSeenAt),
      createdAt: dateTime(session.createdAt),
    })),
    secondFactor: { enabled: secondFactor.enabled, recoveryCodesLeft: secondFactor.recoveryCodesLeft, setup },
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

export async function action({ request, context }: Route.ActionArgs) {
  const staff = await requireStaffSession(request, context);
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
          staff.sessionId,
          parsed.data.current,
          parsed.data.password,
        );
        if (result === "wrong-current")
          return failed("password", WRONG_PASSWORD, 400, { current: WRONG_PASSWORD });
        logger.info("password changed", { username: staff.username });
        return done(
          "password",
          "Passwort geändert",
          "Ihr neues Passwort gilt ab sofort. Auf allen anderen Geräten sind Sie abgemeldet.",
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
        const parsed = codeSchema.safeParse(formText(form, ["code"]));
        if (!parsed.success) {
          const message = parsed.error.issues[0]?.message ?? "";
          return failed("second-factor", message, 400, { code: message });
        }
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
        const password = String(form.get("current") ?? "");
        if (!(await checkOwnPassword(db, staff.userId, password.slice(0, 200))))
          return failed("second-factor", WRONG_PASSWORD, 400, { current: WRONG_PASSWORD });
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

function Submit({
  intent,
  children,
  pendingText,
  variant,
}: {
  intent: string;
  children: React.ReactNode;
  pendingText: string;
  variant?: "outline" | "danger";
}) {
  const pending = useIsPending({ intent });
  return (
    <StatusButton
      name={INTENT_FIELD}
      value={intent}
      status={pending ? "pending" : "idle"}
      pendingText={pendingText}
      {...(variant ? { variant: "outline" as const } : {})}
      className={variant === "danger" ? "border-brand-700 text-brand-800" : undefined}
    >
      {children}
    </StatusButton>
  );
}

export default function Account({ loaderData, actionData }: Route.ComponentProps) {
  const { sessions, secondFactor, username, role } = loaderData;
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
        <Section title="Passwort ändern" id="passwort">
          {noticeFor("password")}
          <Form ref={passwordForm} method="post" noValidate className="space-y-4">
            <Field
              id="current-password"
              label="Aktuelles Passwort"
              errors={actionData?.section === "password" ? errors.current : undefined}
              inputProps={{ name: "current", type: "password", autoComplete: "current-password" }}
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
            <Submit intent="password" pendingText="Wird gespeichert...">
              Passwort ändern
            </Submit>
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
                className="mt-3 grid grid-cols-2 gap-2 font-mono text-base"
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
              <Form ref={factorForm} method="post" noValidate className="space-y-4">
                <Field
                  id="factor-password"
                  label="Aktuelles Passwort (zur Bestätigung)"
                  errors={actionData?.section === "second-factor" ? errors.current : undefined}
                  inputProps={{ name: "current", type: "password", autoComplete: "current-password" }}
                />
                <div className="flex flex-wrap gap-3">
                  <Submit intent="recovery-renew" pendingText="Wird erzeugt..." variant="outline">
                    Neue Wiederherstellungscodes
                  </Submit>
                  <Submit intent="totp-disable" pendingText="Wird ausgeschaltet..." variant="danger">
                    Zwei-Faktor-Anmeldung ausschalten
                  </Submit>
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
                <Submit intent="totp-confirm" pendingText="Wird geprüft...">
                  Aktivieren
                </Submit>
              </Form>
            </>
          ) : (
            <>
              <p>
                Ausgeschaltet. Mit einem zweiten Faktor reicht ein gestohlenes oder erratenes Passwort nicht
                zur Anmeldung: Es braucht zusätzlich den Code aus einer App auf Ihrem Telefon.
              </p>
              <Form method="post">
                <Submit intent="totp-begin" pendingText="Wird vorbereitet...">
                  Zwei-Faktor-Anmeldung einrichten
                </Submit>
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
                    <Submit intent="end-session" pendingText="Wird beendet..." variant="outline">
                      <span>
                        Abmelden
                        <span className="sr-only">
                          {" "}
                          ({session.device}, zuletzt aktiv {session.lastSeenAt})
                        </span>
                      </span>
                    </Submit>
                  </Form>
                )}
              </li>
            ))}
          </ul>
          {sessions.length > 1 ? (
            <Form method="post">
              <Submit intent="end-other-sessions" pendingText="Wird beendet..." variant="outline">
                Alle anderen Geräte abmelden
              </Submit>
            </Form>
          ) : null}
        </Section>
      </div>
    </AdminPage>
  );
}
