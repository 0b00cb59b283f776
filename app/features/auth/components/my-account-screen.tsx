import type { ReactNode } from "react";
import { Form } from "react-router";
import { FormNotice, NoticeInPage } from "../../../components/forms/form-notice.tsx";
import { IntentButton } from "../../../components/forms/intent-button.tsx";
import { useResetAfter } from "../../../components/forms/use-reset-after.ts";
import { answerFor, type AccountFormResult, type MyAccountTarget } from "../action-results.ts";
import type { MyAccountData } from "../my-account.server.ts";
import { pendingStepMessages, pendingStepsConsequence } from "../schema.ts";
import { BothFactorsFields, CurrentPasswordField, NewPasswordField } from "./account-fields.tsx";

function Section({ title, id, children }: { title: string; id: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-lg border border-stone-200 bg-white p-6 shadow-sm">
      <h2 id={id} className="text-xl font-semibold">
        {title}
      </h2>
      <div className="mt-4 space-y-4">{children}</div>
    </section>
  );
}

/** What the account must do here before any other screen opens to it (decision 0027). */
function PendingSteps({ steps }: { steps: MyAccountData["pending"] }) {
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

/** Mein Konto: the data its loader read and the answer of its last form. */
export function MyAccountScreen({
  data,
  result: actionData,
}: {
  data: MyAccountData;
  result: AccountFormResult<MyAccountTarget> | undefined;
}) {
  const { sessions, secondFactor, pending } = data;
  const errors = actionData?.fieldErrors ?? {};
  const succeeded = actionData?.notice?.tone === "success" ? actionData : undefined;
  const passwordForm = useResetAfter(answerFor(succeeded, "password"));
  const factorForm = useResetAfter(answerFor(succeeded, "second-factor"));
  const noticeFor = (target: MyAccountTarget) => {
    const notice = answerFor(actionData, target)?.notice;
    return notice ? <NoticeInPage notice={notice} /> : null;
  };
  return (
    <div className="max-w-3xl space-y-8">
      {pending.length > 0 ? <PendingSteps steps={pending} /> : null}
      <Section title="Passwort ändern" id="passwort">
        {noticeFor("password")}
        <Form ref={passwordForm} method="post" noValidate className="space-y-4">
          <CurrentPasswordField
            id="current-password"
            error={answerFor(actionData, "password") ? errors.current : undefined}
          />
          <NewPasswordField
            id="new-password"
            label="Neues Passwort"
            description="Mindestens 10 Zeichen. Ein langer Satz ist leichter zu merken und schwerer zu erraten."
            error={errors.password}
          />
          <NewPasswordField
            id="repeat-password"
            label="Neues Passwort wiederholen"
            error={errors.repeat}
            name="repeat"
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
              <BothFactorsFields
                ids={{ password: "factor-password", code: "factor-code" }}
                codeLabel="Code aus der App oder ein Wiederherstellungscode"
                recoveryCode
                errors={answerFor(actionData, "second-factor") ? errors : {}}
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
                Öffnen Sie eine Authenticator-App (z. B. Google Authenticator, Microsoft Authenticator, 2FAS).
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
              <BothFactorsFields
                ids={{ password: "setup-password", code: "totp-code" }}
                codeLabel="Code aus der App"
                recoveryCode={false}
                errors={{
                  current: answerFor(actionData, "second-factor") ? errors.current : undefined,
                  code: errors.code,
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
              Ausgeschaltet. Mit einem zweiten Faktor reicht ein gestohlenes oder erratenes Passwort nicht zur
              Anmeldung: Es braucht zusätzlich den Code aus einer App auf Ihrem Telefon.
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
  );
}
