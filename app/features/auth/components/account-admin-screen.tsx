import { Form } from "react-router";
import { Field, SelectField } from "../../../components/forms/field.tsx";
import { NoticeInPage } from "../../../components/forms/form-notice.tsx";
import { IntentButton } from "../../../components/forms/intent-button.tsx";
import { useResetAfter } from "../../../components/forms/use-reset-after.ts";
import type { AccountAdminData } from "../account-admin.server.ts";
import { answerFor, type AccountAdminTarget, type AccountFormResult } from "../action-results.ts";
import {
  roleLabels,
  secondFactorPolicies,
  secondFactorPolicyLabels,
  secondFactorRequiredFor,
} from "../schema.ts";
import { NewPasswordField } from "./account-fields.tsx";

function ResetPasswordForm({
  account,
  error,
  done,
}: {
  account: { id: number; username: string };
  error: string | undefined;
  done: AccountFormResult<AccountAdminTarget> | undefined;
}) {
  const form = useResetAfter(done);
  return (
    <Form ref={form} method="post" noValidate className="flex flex-wrap items-end gap-3">
      <input type="hidden" name="id" value={account.id} />
      <NewPasswordField
        id={`reset-${account.id}`}
        label={`Neues Passwort für ${account.username}`}
        error={error}
      />
      <IntentButton intent="reset-password" pendingText="Wird gesetzt..." tone="outline" size="sm">
        Passwort zurücksetzen<span className="sr-only"> für {account.username}</span>
      </IntentButton>
    </Form>
  );
}

/**
 * 'Zwei-Faktor-Anmeldung Pflicht' (decision 0027): whom the owners require to have a second factor,
 * and who would be held on Mein Konto by it right now.
 */
function SecondFactorPolicyForm({
  policy,
  accounts,
  result,
}: {
  policy: AccountAdminData["policy"];
  accounts: AccountAdminData["accounts"];
  result: AccountFormResult<AccountAdminTarget> | undefined;
}) {
  const waiting = accounts.filter(
    (account) => !account.secondFactor && secondFactorRequiredFor(policy, account.role),
  );
  return (
    <section aria-labelledby="pflicht" className="rounded-lg border border-stone-200 bg-white p-6 shadow-sm">
      <h2 id="pflicht" className="text-xl font-semibold">
        Zwei-Faktor-Anmeldung Pflicht
      </h2>
      <p className="mt-2 text-sm text-muted">
        Ein Konto, für das die Pflicht gilt und das noch keinen zweiten Faktor hat, erreicht nach der
        Anmeldung nur „Mein Konto“, bis es ihn dort eingerichtet hat. Solange die Pflicht gilt, lässt er sich
        nicht ausschalten.
      </p>
      {result?.notice ? <NoticeInPage notice={result.notice} className="mt-4" /> : null}
      <Form method="post" noValidate className="mt-4 flex flex-wrap items-end gap-3">
        <SelectField
          id="second-factor-policy"
          label="Zwei-Faktor-Anmeldung Pflicht"
          errors={result?.fieldErrors?.policy}
          selectProps={{ name: "policy", defaultValue: policy }}
          options={secondFactorPolicies.map((value) => ({ value, label: secondFactorPolicyLabels[value] }))}
        />
        <IntentButton intent="second-factor-policy" pendingText="Wird gespeichert..." tone="outline">
          Einstellung speichern
        </IntentButton>
      </Form>
      {waiting.length > 0 ? (
        <p className="mt-3 text-sm">
          Noch ohne zweiten Faktor und deshalb nur mit Zugang zu „Mein Konto“:{" "}
          {waiting.map((account) => account.username).join(", ")}.
        </p>
      ) : null}
    </section>
  );
}

/** Konten: the data its loader read and the answer of its last form. */
export function AccountAdminScreen({
  data: loaderData,
  result: actionData,
}: {
  data: AccountAdminData;
  result: AccountFormResult<AccountAdminTarget> | undefined;
}) {
  const errorsFor = (target: AccountAdminTarget) => answerFor(actionData, target)?.fieldErrors ?? {};
  const newErrors = errorsFor("new");
  const succeeded = actionData?.notice?.tone === "success" ? actionData : undefined;
  const newForm = useResetAfter(answerFor(succeeded, "new"));
  const noticeFor = (target: AccountAdminTarget, className: string) => {
    const notice = answerFor(actionData, target)?.notice;
    return notice ? <NoticeInPage notice={notice} className={className} /> : null;
  };
  return (
    <div className="max-w-4xl space-y-8">
      <section
        aria-labelledby="neues-konto"
        className="rounded-lg border border-stone-200 bg-white p-6 shadow-sm"
      >
        <h2 id="neues-konto" className="text-xl font-semibold">
          Neues Konto
        </h2>
        {noticeFor("new", "mt-4")}
        <Form ref={newForm} method="post" noValidate className="mt-4 grid gap-4 md:grid-cols-3">
          <Field
            id="new-username"
            label="Benutzername"
            errors={newErrors.username}
            inputProps={{
              name: "username",
              autoComplete: "off",
              autoCapitalize: "none",
              spellCheck: false,
            }}
          />
          <NewPasswordField
            id="new-account-password"
            label="Passwort"
            description="Mindestens 10 Zeichen; geben Sie es der Person persönlich. Bei der ersten Anmeldung wählt sie ein eigenes."
            error={newErrors.password}
          />
          <SelectField
            id="new-role"
            label="Rolle"
            errors={newErrors.role}
            selectProps={{ name: "role", defaultValue: "staff" }}
            options={[
              { value: "staff", label: "Mitarbeiter" },
              { value: "owner", label: "Inhaber" },
            ]}
          />
          <div className="md:col-span-3">
            <IntentButton intent="create" pendingText="Wird angelegt...">
              Konto anlegen
            </IntentButton>
          </div>
        </Form>
      </section>

      <SecondFactorPolicyForm
        policy={loaderData.policy}
        accounts={loaderData.accounts}
        result={answerFor(actionData, "policy")}
      />

      <section aria-labelledby="alle-konten">
        <h2 id="alle-konten" className="text-xl font-semibold">
          Alle Konten
        </h2>
        <ul className="mt-4 space-y-3">
          {loaderData.accounts.map((account) => {
            const errors = errorsFor(account.id);
            return (
              <li key={account.id} className="rounded-lg border border-stone-200 bg-white p-4 shadow-sm">
                <p className="font-semibold">
                  <span>{account.username}</span>
                  {account.self ? <span className="ml-2 text-sm font-normal text-muted">(Sie)</span> : null}
                </p>
                <p className="text-sm text-muted">
                  {roleLabels[account.role]} · Zwei-Faktor-Anmeldung {account.secondFactor ? "an" : "aus"} ·
                  seit {account.createdAt}
                  {account.mustChangePassword
                    ? " · muss sein Passwort bei der nächsten Anmeldung ändern"
                    : ""}
                </p>
                {noticeFor(account.id, "mt-3")}
                {account.self ? null : (
                  <div className="mt-3 flex flex-wrap items-end gap-3">
                    <ResetPasswordForm
                      account={account}
                      error={errors.password}
                      done={answerFor(succeeded, account.id)}
                    />
                    {account.secondFactor ? (
                      <Form method="post">
                        <input type="hidden" name="id" value={account.id} />
                        <IntentButton
                          intent="reset-second-factor"
                          pendingText="Wird zurückgesetzt..."
                          tone="outline"
                          size="sm"
                        >
                          Zwei-Faktor zurücksetzen<span className="sr-only"> für {account.username}</span>
                        </IntentButton>
                      </Form>
                    ) : null}
                    <details className="w-full">
                      <summary className="cursor-pointer text-sm font-medium text-brand-800">
                        Konto {account.username} entfernen…
                      </summary>
                      <Form method="post" className="mt-2 flex flex-wrap items-center gap-3">
                        <input type="hidden" name="id" value={account.id} />
                        <p className="text-sm">
                          {account.username} kann sich danach nicht mehr anmelden. Das lässt sich nicht
                          rückgängig machen.
                        </p>
                        <IntentButton intent="remove" pendingText="Wird entfernt..." tone="danger" size="sm">
                          Ja, {account.username} entfernen
                        </IntentButton>
                      </Form>
                    </details>
                  </div>
                )}
              </li>
            );
          })}
        </ul>
      </section>
    </div>
  );
}
