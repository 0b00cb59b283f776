import readline from "node:readline";
import { Writable } from "node:stream";
import {
  passwordProblem,
  listStaff,
  LookalikeUsernameError,
  setStaffPassword,
  setStaffRole,
  turnOffSecondFactor,
  newPasswordSchema,
  usernameSchema,
} from "../../app/features/auth/index.server.ts";
import { fail, openForCli, say } from "./config.ts";

/**
 * Staff accounts from the terminal:
 *   npm run staff -- set-password <name> [--temporary]   asks for a new password (creates the
 *       account if needed); with --temporary the account must change it at its next sign-in, as a
 *       password an owner sets in Konten (decision 0027) — for someone else's account
 *   npm run staff -- list                  lists the accounts
 *   npm run staff -- role <name> owner|staff   makes the account an owner or staff (decision 0025)
 *   npm run staff -- reset-2fa <name>      turns the account's second factor off (a lost phone)
 * The password is read from the terminal without echo; piped input (one line) works for scripts.
 */
const usage =
  "Verwendung: npm run staff -- set-password <benutzername> [--temporary] | list | role <benutzername> owner|staff | reset-2fa <benutzername>";

async function readHidden(prompt: string): Promise<string> {
  let muted = false;
  const output = new Writable({
    write(chunk, _encoding, callback) {
      if (!muted) process.stdout.write(chunk);
      callback();
    },
  });
  const rl = readline.createInterface({ input: process.stdin, output, terminal: true });
  return new Promise((resolve) => {
    rl.question(prompt, (answer) => {
      rl.close();
      process.stdout.write("\n");
      resolve(answer);
    });
    muted = true;
  });
}

async function readPipedLine(): Promise<string> {
  const rl = readline.createInterface({ input: process.stdin });
  for await (const line of rl) {
    rl.close();
    return line;
  }
  return "";
}

async function askNewPassword(): Promise<string> {
  if (!process.stdin.isTTY) return readPipedLine();
  const first = await readHidden("Neues Passwort: ");
  const second = await readHidden("Passwort wiederholen: ");
  if (first !== second) fail("Die Passwörter stimmen nicht überein. Nichts wurde geändert.");
  return first;
}

const [command, name, roleArgument, ...rest] = process.argv.slice(2);
if (command !== "set-password" && command !== "list" && command !== "role" && command !== "reset-2fa")
  fail(usage);
if (command !== "list" && !name?.trim()) fail(usage);
if (command === "role" && roleArgument !== "owner" && roleArgument !== "staff") fail(usage);
if (
  rest.length > 0 ||
  (command === "set-password" && roleArgument !== undefined && roleArgument !== "--temporary")
)
  fail(usage);
/**
 * Whoever types the command chose the password; usually for their own account (the first one, a
 * forgotten password). For someone else's, --temporary makes them choose their own at the next
 * sign-in, as in Konten (decision 0027).
 */
const temporary = command === "set-password" && roleArgument === "--temporary";
if (command === "set-password") {
  const username = usernameSchema.safeParse(name);
  if (!username.success)
    fail(`${username.error.issues[0]?.message ?? "Ungültiger Benutzername."} Nichts wurde geändert.`);
}

const { database } = await openForCli();
try {
  if (command === "list") {
    const staff = await listStaff(database.db);
    if (staff.length === 0) say("Es gibt noch kein Mitarbeiterkonto.");
    for (const account of staff)
      say(
        `${account.username}\t${account.role === "owner" ? "Inhaber" : "Mitarbeiter"}${account.totp_secret ? ", Zwei-Faktor an" : ""}${account.password_must_change ? ", muss Passwort ändern" : ""}\t(angelegt ${account.created_at.slice(0, 10)}, geändert ${account.updated_at.slice(0, 10)})`,
      );
  } else if (command === "role") {
    const role = roleArgument === "owner" ? "owner" : "staff";
    const result = await setStaffRole(database.db, name ?? "", role);
    if (result === "not-found") fail(`Das Konto „${name}" gibt es nicht.`);
    if (result === "last-owner")
      fail(`„${name}" ist das letzte Inhaber-Konto: machen Sie zuerst ein anderes Konto zum Inhaber.`);
    say(`„${name}" ist jetzt ${role === "owner" ? "Inhaber" : "Mitarbeiter"}.`);
  } else if (command === "reset-2fa") {
    if (!(await turnOffSecondFactor(database.db, name ?? ""))) fail(`Das Konto „${name}" gibt es nicht.`);
    say(`Zwei-Faktor-Anmeldung für „${name}" ausgeschaltet; alle Sitzungen dieses Kontos wurden beendet.`);
  } else {
    const password = newPasswordSchema.safeParse(await askNewPassword());
    if (!password.success)
      fail(`${password.error.issues[0]?.message ?? "Ungültiges Passwort."} Nichts wurde geändert.`);
    else if (passwordProblem(password.data, name ?? "")) {
      fail(`${passwordProblem(password.data, name ?? "")} Nichts wurde geändert.`);
    } else {
      const result = await setStaffPassword(database.db, name ?? "", password.data, {
        mustChange: temporary,
      }).catch((error: unknown) => {
        if (error instanceof LookalikeUsernameError) fail(`${error.message} Nichts wurde geändert.`);
        throw error;
      });
      say(
        result === "created"
          ? `Mitarbeiterkonto „${name}" angelegt.`
          : `Neues Passwort für „${name}" gesetzt. Alle Sitzungen dieses Kontos wurden beendet.`,
      );
      if (temporary) say(`„${name}" muss es bei der nächsten Anmeldung durch ein eigenes ersetzen.`);
    }
  }
} finally {
  await database.close();
}
