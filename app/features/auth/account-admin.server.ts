import type { Kysely } from "kysely";
import type { Database } from "../../../db/database.types.ts";
import { fieldErrorsOf, formId, formText } from "../../lib/forms.ts";
import type { Logger } from "../../lib/logger.server.ts";
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
  accountName,
  createAccount,
  hasSecondFactor,
  listAccounts,
  removeAccount,
  resetAccountPassword,
  resetAccountSecondFactor,
  type AccountChange,
} from "./accounts.server.ts";
import type { AccountAdminTarget, AccountFormExtra } from "./action-results.ts";
import {
  newAccountFields,
  newAccountSchema,
  resetPasswordSchema,
  roleLabels,
  secondFactorPolicySchema,
  secondFactorRequiredFor,
} from "./schema.ts";
import { readSecondFactorPolicy, writeSecondFactorPolicy } from "./second-factor-policy.server.ts";
import type { StaffSession } from "./session.server.ts";
import { lookalikeMessage } from "./staff.server.ts";

/**
 * Konten (decision 0025): only owners see and change the accounts; the route has checked that and
 * hands the owner's session in. Here too the rule 'Zwei-Faktor-Anmeldung Pflicht' (decision 0027).
 */

export async function loadAccountAdmin(db: Kysely<Database>, owner: StaffSession) {
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

export type AccountAdminData = Awaited<ReturnType<typeof loadAccountAdmin>>;

export interface AccountAdminDependencies {
  db: Kysely<Database>;
  logger: Logger;
  owner: StaffSession;
}

type Handler = AccountHandler<AccountAdminDependencies, AccountAdminTarget>;
type Outcome = AccountOutcome<AccountAdminTarget>;

const UNKNOWN = "Unbekannte Aktion.";

const refusalOf: Record<Exclude<AccountChange, "done">, string> = {
  "not-found": "Dieses Konto gibt es nicht mehr.",
  self: "Ihr eigenes Konto ändern Sie unter „Mein Konto“.",
  "last-owner": "Das letzte Inhaber-Konto kann nicht entfernt werden.",
};

/**
 * A change to someone else's account (its row): the change answers how it went, or an answer of
 * its own (a refused password); the success texts name the account.
 */
const accountChange =
  (
    intent: string,
    change: (
      form: FormData,
      deps: AccountAdminDependencies,
      id: number,
      name: string,
    ) => Promise<AccountChange | Outcome>,
    success: (name: string) => [title: string, description: string],
  ): Handler =>
  async (form, deps) => {
    const id = formId(form);
    if (id === undefined) return failed("new", UNKNOWN);
    const name = (await accountName(deps.db, id)) ?? "";
    const result = await change(form, deps, id, name);
    if (typeof result !== "string") return result;
    if (result !== "done") return failed(id, refusalOf[result], result === "not-found" ? 404 : 409);
    deps.logger.info("account changed", { by: deps.owner.username, username: name, intent });
    // A removed account's row is gone: the answer shows above, with the new account's form.
    return done(intent === "remove" ? "new" : id, ...success(name));
  };

const handlers = {
  async "second-factor-policy"(form, { db, logger, owner }) {
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
  },

  async create(form, { db, logger, owner }) {
    const parsed = newAccountSchema.safeParse(formText(form, newAccountFields));
    if (!parsed.success) return invalidFields("new", fieldErrorsOf(parsed.error, newAccountFields));
    const refused = refusedNewPassword<AccountAdminTarget>("new", parsed.data.password, parsed.data.username);
    if (refused) return refused;
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
  },

  "reset-password": accountChange(
    "reset-password",
    async (form, { db, owner }, id, name) => {
      const parsed = resetPasswordSchema.safeParse({ password: form.get("password") ?? "" });
      if (!parsed.success) {
        const message = parsed.error.issues[0]?.message ?? "";
        return failed(id, message, 400, { password: message });
      }
      return (
        refusedNewPassword<AccountAdminTarget>(id, parsed.data.password, name) ??
        (await resetAccountPassword(db, owner.userId, id, parsed.data.password))
      );
    },
    (name) => [
      "Passwort zurückgesetzt",
      `${name} meldet sich mit dem neuen Passwort an und wählt dann ein eigenes; alle Geräte sind abgemeldet.`,
    ],
  ),

  "reset-second-factor": accountChange(
    "reset-second-factor",
    (_form, { db, owner }, id) => resetAccountSecondFactor(db, owner.userId, id),
    (name) => [
      "Zwei-Faktor-Anmeldung zurückgesetzt",
      `${name} meldet sich wieder nur mit dem Passwort an und kann den zweiten Faktor neu einrichten.`,
    ],
  ),

  remove: accountChange(
    "remove",
    (_form, { db, owner }, id) => removeAccount(db, owner.userId, id),
    (name) => ["Konto entfernt", `${name} kann sich nicht mehr anmelden.`],
  ),
} satisfies Record<string, Handler>;

export const handleAccountAdminAction = staffActionDispatcher<
  keyof typeof handlers,
  AccountAdminDependencies,
  AccountFormExtra<AccountAdminTarget>
>(withAccountFailures(handlers, "new", "account change failed"), failed("new", UNKNOWN));
