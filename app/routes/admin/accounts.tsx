import { data, Form } from "react-router";
import { Field, SelectField } from "../../components/forms/field.tsx";
import { NoticeInPage } from "../../components/forms/form-notice.tsx";
import { IntentButton } from "../../components/forms/intent-button.tsx";
import { useResetAfter } from "../../components/forms/use-reset-after.ts";
import { AdminPage } from "../../features/admin-shell/admin-page.tsx";
import {
  accountName,
  createAccount,
  hasSecondFactor,
  listAccounts,
  removeAccount,
  resetAccountPassword,
  resetAccountSecondFactor,
  type AccountChange,
} from "../../features/auth/accounts.server.ts";
import { ownersOnly, signedInStaff } from "../../features/auth/auth.server.ts";
import { HashingBusyError } from "../../features/auth/password.server.ts";
import { passwordProblem } from "../../features/auth/password-policy.server.ts";
import {
  newAccountFields,
  newAccountSchema,
  resetPasswordSchema,
  secondFactorPolicies,
  secondFactorPolicyLabels,
  secondFactorPolicySchema,
  secondFactorRequiredFor,
} from "../../features/auth/schema.ts";
import {
  readSecondFactorPolicy,
  writeSecondFactorPolicy,
} from "../../features/auth/second-factor-policy.server.ts";
import { lookalikeMessage } from "../../features/auth/staff.server.ts";
import { services } from "../../shared/app-context.ts";
import {
  errorNotice,
  fieldErrorsOf,
  formId,
  formText,
  INTENT_FIELD,
  readForm,
  type FieldErrors,
  type Notice,
} from "../../lib/forms.ts";
import { siteMeta } from "../../lib/meta.ts";
import type { Route } from "./+types/accounts";
import { AdminScreenError } from "../../features/admin-shell/screen-error.tsx";
import { answerOrFailure } from "../../lib/action-failures.ts";

export const meta: Route.MetaFunction = () => siteMeta({ title: "Konten", noindex: true });

const roleLabels = { owner: "Inhaber", staff: "Mitarbeiter" } as const;

/**
 * The accounts (decision 0025): only owners see and change them; staff get 403. Here too the rule
 * 'Zwei-Faktor-Anmeldung Pflicht' (decision 0027).
 */
/** Konten is for owners only; the staff check itself is the admin layout's (decision 0030). */
export const middleware: Route.MiddlewareFunction[] = [ownersOnly];

export async function loader({ context }: Route.LoaderArgs) {
  const owner = signedInStaff(context);
  const db = services(context).database.db;
  const [accounts, policy] = await Promise.all([listAccounts(db), readSecondFactorPolicy(db)]);
  return {
    policy,
    accounts: accounts.map((account) => ({
      ...account,
      self: account.id === owner.userId,
      createdAt: new Date(account.createdAt).toLocaleDateString("de-DE", { timeZone: "Europe/Berlin" }),
    })),
  };
}

export function headers() {
  return { "Cache-Control": "no-store" };
}

interface ActionResult {
  /** The account the answer is about (its row shows it), 'new' for the form above, 'policy' for the rule. */
  target: number | "new" | "policy";
  notice: Notice;
  fieldErrors?: FieldErrors;
}

const refusalOf: Record<Exclude<AccountChange, "done">, string> = {
  "not-found": "Dieses Konto gibt es nicht mehr.",
  self: "Ihr eigenes Konto ändern Sie unter „Mein Konto“.",
  "last-owner": "Das letzte Inhaber-Konto kann nicht entfernt werden.",
};

const failed = (
  target: ActionResult["target"],
  description: string,
  status = 400,
  fieldErrors?: FieldErrors,
) =>
  data<ActionResult>(
    {
      target,
      notice: { tone: "error", title: "Fehler", description },
      ...(fieldErrors ? { fieldErrors } : {}),
    },
    { status },
  );
const done = (target: ActionResult["target"], title: string, description: string) =>
  data<ActionResult>({ target, notice: { tone: "success", title, description } });

export async function action({ request, context }: Route.ActionArgs) {
  const owner = signedInStaff(context);
  const { database, logger } = services(context);
  const db = database.db;
  const form = await readForm(request);
  const intent = form.get(INTENT_FIELD);
  try {
    if (intent === "second-factor-policy") {
      const parsed = secondFactorPolicySchema.safeParse(formText(form, ["policy"]));
      if (!parsed.success) {
        const message = parsed.error.issues[0]?.message ?? "";
        return failed("policy", message, 400, { policy: message });
      }
      const { policy } = parsed.data;
      // The owner who sets the rule keeps this screen: a rule that would send them to Mein Konto
      // at once waits until they have a second factor themselves (decision 0027).
      if (secondFactorRequiredFor(policy, owner.role) && !(await hasSecondFactor(db, owner.userId)))
        return failed(
          "policy",
          "Richten Sie zuerst unter „Mein Konto“ Ihre eigene Zwei-Faktor-Anmeldung ein: Die Pflicht gälte sofort auch für Sie, und bis zur Einrichtung wäre nur „Mein Konto“ erreichbar.",
          409,
        );
      await writeSecondFactorPolicy(db, policy);
      logger.info("second factor policy changed", { by: owner.username, policy });
      return done(
        "policy",
        "Einstellung gespeichert",
        policy === "off"
          ? "Die Zwei-Faktor-Anmeldung ist für kein Konto Pflicht."
          : "Konten ohne zweiten Faktor, für die die Pflicht gilt, erreichen ab ihrer nächsten Anfrage nur „Mein Konto“, bis sie ihn eingerichtet haben.",
      );
    }
    if (intent === "create") {
      const parsed = newAccountSchema.safeParse(formText(form, newAccountFields));
      if (!parsed.success)
        return failed(
          "new",
          "Bitte prüfen Sie die Felder.",
          400,
          fieldErrorsOf(parsed.error, newAccountFields),
        );
      const problem = passwordProblem(parsed.data.password, parsed.data.username);
      if (problem) return failed("new", problem, 400, { password: problem });
      const created = await createAccount(db, parsed.data);
      if (created.outcome !== "created") {
        const message =
          created.outcome === "exists"
            ? "Diesen Benutzernamen gibt es schon."
            : lookalikeMessage(created.existing);
        return failed("new", message, 409, { username: message });
      }
      logger.info("account created", {
        by: owner.username,
        username: parsed.data.username,
        role: parsed.data.role,
      });
      return done(
        "new",
        "Konto angelegt",
        `${parsed.data.username} kann sich jetzt als ${roleLabels[parsed.data.role]} anmelden und wählt dabei ein eigenes Passwort.`,
      );
    }
    const id = formId(form);
    if (id === undefined) return failed("new", "Unbekannte Aktion.");
    const name = (await accountName(db, id)) ?? "";
    let result: AccountChange;
    let success: [string, string];
    switch (intent) {
      case "reset-password": {
        const parsed = resetPasswordSchema.safeParse({ password: form.get("password") ?? "" });
        if (!parsed.success) {
          const message = parsed.error.issues[0]?.message ?? "";
          return failed(id, message, 400, { password: message });
        }
        const problem = passwordProblem(parsed.data.password, name);
        if (problem) return failed(id, problem, 400, { password: problem });
        result = await resetAccountPassword(db, owner.userId, id, parsed.data.password);
        success = [
          "Passwort zurückgesetzt",
          `${name} meldet sich mit dem neuen Passwort an und wählt dann ein eigenes; alle Geräte sind abgemeldet.`,
        ];
        break;
      }
      case "reset-second-factor":
        result = await resetAccountSecondFactor(db, owner.userId, id);
        success = [
          "Zwei-Faktor-Anmeldung zurückgesetzt",
          `${name} meldet sich wieder nur mit dem Passwort an und kann den zweiten Faktor neu einrichten.`,
        ];
        break;
      case "remove":
        result = await removeAccount(db, owner.userId, id);
        success = ["Konto entfernt", `${name} kann sich nicht mehr anmelden.`];
        break;
      default:
        return failed("new", "Unbekannte Aktion.");
    }
    if (result !== "done") return failed(id, refusalOf[result], result === "not-found" ? 404 : 409);
    logger.info("account changed", { by: owner.username, username: name, intent: String(intent) });
    return done(intent === "remove" ? "new" : id, ...success);
  } catch (error) {
    if (error instanceof HashingBusyError)
      return failed(
        "new",
        "Der Server ist gerade ausgelastet. Bitte versuchen Sie es gleich noch einmal.",
        503,
      );
    logger.error("account change failed", { error, intent: String(intent) });
    return failed("new", "Ein unerwarteter Fehler ist aufgetreten.", 500);
  }
}

/** The form a failure belongs to: the setting's, the new account's, or the account's row. */
function targetOf(intent: FormDataEntryValue | null, id: number | undefined): ActionResult["target"] {
  if (intent === "second-factor-policy") return "policy";
  return intent === "create" ? "new" : (id ?? "new");
}

/**
 * A change without an answer of the action's own says so where it was asked for (decision 0028);
 * a refusal (403, no longer an owner) still goes to the error boundary.
 */
export const clientAction = (args: Route.ClientActionArgs) =>
  answerOrFailure<ActionResult>(args, (form, failure) => ({
    target: targetOf(form.get(INTENT_FIELD), formId(form)),
    notice: errorNotice(failure.detail),
  }));

/** A screen that cannot load keeps the sidebar and offers 'Erneut versuchen' (decision 0028). */
export const ErrorBoundary = AdminScreenError;

function ResetPasswordForm({
  account,
  error,
  done,
}: {
  account: { id: number; username: string };
  error: string | undefined;
  done: ActionResult | undefined;
}) {
  const form = useResetAfter(done);
  return (
    <Form ref={form} method="post" noValidate className="flex flex-wrap items-end gap-3">
      <input type="hidden" name="id" value={account.id} />
      <Field
        id={`reset-${account.id}`}
        label={`Neues Passwort für ${account.username}`}
        errors={error}
        inputProps={{ name: "password", type: "password", autoComplete: "new-password" }}
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
  policy: Route.ComponentProps["loaderData"]["policy"];
  accounts: Route.ComponentProps["loaderData"]["accounts"];
  result: ActionResult | undefined;
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
      {result ? <NoticeInPage notice={result.notice} className="mt-4" /> : null}
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

export default function Accounts({ loaderData, actionData }: Route.ComponentProps) {
  const errorsFor = (target: ActionResult["target"]) =>
    actionData?.target === target ? (actionData.fieldErrors ?? {}) : {};
  const newErrors = errorsFor("new");
  const succeeded = actionData?.notice.tone === "success" ? actionData : undefined;
  const newForm = useResetAfter(succeeded?.target === "new" ? succeeded : undefined);
  return (
    <AdminPage
      title="Konten"
      description="Wer sich in der Verwaltung anmelden darf. Inhaber verwalten die Konten, Mitarbeiter nur ihr eigenes."
    >
      <div className="max-w-4xl space-y-8">
        <section
          aria-labelledby="neues-konto"
          className="rounded-lg border border-stone-200 bg-white p-6 shadow-sm"
        >
          <h2 id="neues-konto" className="text-xl font-semibold">
            Neues Konto
          </h2>
          {actionData?.target === "new" ? <NoticeInPage notice={actionData.notice} className="mt-4" /> : null}
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
            <Field
              id="new-account-password"
              label="Passwort"
              description="Mindestens 10 Zeichen; geben Sie es der Person persönlich. Bei der ersten Anmeldung wählt sie ein eigenes."
              errors={newErrors.password}
              inputProps={{ name: "password", type: "password", autoComplete: "new-password" }}
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
          result={actionData?.target === "policy" ? actionData : undefined}
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
                  {actionData?.target === account.id ? (
                    <NoticeInPage notice={actionData.notice} className="mt-3" />
                  ) : null}
                  {account.self ? null : (
                    <div className="mt-3 flex flex-wrap items-end gap-3">
                      <ResetPasswordForm
                        account={account}
                        error={errors.password}
                        done={succeeded?.target === account.id ? succeeded : undefined}
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
                          <IntentButton
                            intent="remove"
                            pendingText="Wird entfernt..."
                            tone="danger"
                            size="sm"
                          >
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
    </AdminPage>
  );
}
