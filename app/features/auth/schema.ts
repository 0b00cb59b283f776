import type { SecondFactorPolicy, StaffRole } from "../../../db/database.types.ts";
import type { Notice } from "../../lib/forms.ts";
import type { PendingStep } from "../../common/app-context.ts";
import { CONTROL_CHARACTERS_MESSAGE, isCleanLine } from "../../lib/text-rules.ts";
import { z } from "../../lib/zod.ts";

/**
 * The sign-in form: validated in the browser and again by the action, with the texts of
 * docs/product/staff.md#sign-in.
 */
export const loginSchema = z.object({
  username: z
    .string("Bitte geben Sie einen Benutzernamen ein")
    .trim()
    .min(1, "Bitte geben Sie einen Benutzernamen ein")
    .max(100, "Der Benutzername ist zu lang")
    // A NUL byte would reach the database's lookup (PostgreSQL refuses it with an error).
    .refine(isCleanLine, CONTROL_CHARACTERS_MESSAGE),
  password: z
    .string("Bitte geben Sie ein Passwort ein")
    .min(1, "Bitte geben Sie ein Passwort ein")
    .max(200, "Das Passwort ist zu lang"),
});

export const loginFields = ["username", "password"] as const;
export type LoginField = (typeof loginFields)[number];

export const loginMessages = {
  failedTitle: "Anmeldung fehlgeschlagen",
  failedDescription: "Benutzername oder Passwort ist falsch",
  successTitle: "Anmeldung erfolgreich",
  successDescription: "Sie werden weitergeleitet...",
  throttledTitle: "Zu viele Anmeldeversuche",
  submitting: "Anmelden...",
} as const;

/** Shown once the session is open, before the dashboard follows. */
export const signedInNotice: Notice = {
  tone: "success",
  title: loginMessages.successTitle,
  description: loginMessages.successDescription,
};

export const throttledDescription = (minutes: number) =>
  `Bitte warten Sie ${minutes === 1 ? "eine Minute" : `${minutes} Minuten`} und versuchen Sie es dann erneut.`;

/** Passwords set by staff (CLI, bootstrap). Long beats complex: a minimum length, no character rules. */
export const newPasswordSchema = z
  .string()
  .min(10, "Das Passwort muss mindestens 10 Zeichen lang sein.")
  .max(200, "Das Passwort darf höchstens 200 Zeichen lang sein.");

/**
 * Recovery codes (decision 0027): 24 characters of Crockford's base32 (120 bits) in groups of four,
 * 'abcd-efgh-jkmn-pqrs-tvwx-yz01'. Read without case, dashes or spaces, with the letters people
 * confuse with digits read as those digits (o → 0, i and l → 1). Codes made before are 10 characters
 * of an alphabet without those letters and digits, so the same reading leaves them as they were.
 */
export const normalizeRecoveryCode = (code: string) =>
  code
    .toLowerCase()
    .replace(/[^a-z0-9]/g, "")
    .replace(/o/g, "0")
    .replace(/[il]/g, "1");
export const RECOVERY_CODE_LENGTH = 24;
export const SHORT_RECOVERY_CODE_LENGTH = 10;
const isRecoveryCode = (code: string) =>
  /^[a-z0-9 -]+$/i.test(code) &&
  [RECOVERY_CODE_LENGTH, SHORT_RECOVERY_CODE_LENGTH].includes(normalizeRecoveryCode(code).length);

/** The second step of a sign-in: six digits from the app, or a recovery code. */
export const secondFactorCode = z
  .string("Bitte geben Sie den Code ein.")
  .trim()
  .min(1, "Bitte geben Sie den Code ein.")
  .max(40, "Der Code ist zu lang.")
  .refine(
    (code) => /^\d{3} ?\d{3}$/.test(code) || isRecoveryCode(code),
    "Bitte geben Sie die 6 Ziffern aus Ihrer App oder einen Wiederherstellungscode ein.",
  );
export const secondFactorSchema = z.object({ code: secondFactorCode });

export const secondFactorMessages = {
  title: "Bestätigungscode",
  description: "Geben Sie den 6-stelligen Code aus Ihrer Authenticator-App ein.",
  recoveryHint: "Kein Zugriff auf die App? Geben Sie einen Ihrer Wiederherstellungscodes ein.",
  wrongCode: (left: number) =>
    `Der Code ist falsch oder schon verwendet. Noch ${left === 1 ? "ein Versuch" : `${left} Versuche`}.`,
  expired: "Die Anmeldung ist abgelaufen. Bitte melden Sie sich erneut mit Benutzername und Passwort an.",
  recoveryUsed:
    "Sie haben einen Wiederherstellungscode verwendet; er gilt nun nicht mehr. Unter Konto können Sie neue Codes erzeugen.",
  submit: "Bestätigen",
  submitting: "Wird geprüft...",
} as const;

/**
 * The account's current password, asked for before anything about its sign-in changes. Longer than
 * any password can be is refused, never cut: a cut password would be checked as another one.
 */
export const currentPassword = z
  .string("Bitte geben Sie Ihr aktuelles Passwort ein.")
  .min(1, "Bitte geben Sie Ihr aktuelles Passwort ein.")
  .max(200, "Das Passwort ist zu lang (höchstens 200 Zeichen).");

/** New passwords: the form's schema (length) — the server also refuses the most common ones. */
export const changePasswordSchema = z
  .object({ current: currentPassword, password: newPasswordSchema, repeat: z.string() })
  .refine((value) => value.password === value.repeat, {
    path: ["repeat"],
    message: "Die Passwörter stimmen nicht überein.",
  })
  // A password someone else chose must really be replaced (decision 0027), and an unchanged one is no change.
  .refine((value) => value.password !== value.current, {
    path: ["password"],
    message: "Das neue Passwort muss sich vom aktuellen unterscheiden.",
  });
export const changePasswordFields = ["current", "password", "repeat"] as const;

/**
 * How usernames are compared (decision 0027): NFKC, so that 'ａｄｍｉｎ' in full-width letters is
 * 'admin', then case-folded ('ß' and 'SS' fold to 'ss'; upper-casing first folds what lower-casing
 * alone does not). Sign-in and the accounts' uniqueness use this form; look-alikes from other
 * scripts ('аdmin' with a Cyrillic 'а') are caught by a second check on the server.
 */
export const normalizeUsername = (username: string) =>
  username.trim().normalize("NFKC").toUpperCase().toLowerCase().normalize("NFKC");

export const usernameSchema = z
  .string("Bitte geben Sie einen Benutzernamen ein")
  // Stored in NFKC: a name in full-width or other compatibility letters is kept as the plain letters.
  .overwrite((name) => name.normalize("NFKC").trim())
  .min(2, "Der Benutzername muss mindestens 2 Zeichen lang sein.")
  .max(100, "Der Benutzername ist zu lang")
  .regex(/^[\p{L}\p{N}._@-]+$/u, "Bitte nur Buchstaben, Ziffern und . _ - @ verwenden.")
  // Stored case-folded too (sign-in ignores case), and some letters grow then ('İ' → 'i̇', 'ß' → 'ss').
  .refine((name) => normalizeUsername(name).length <= 100, "Der Benutzername ist zu lang");

export const newAccountSchema = z.object({
  username: usernameSchema,
  password: newPasswordSchema,
  role: z.enum(["owner", "staff"], "Bitte wählen Sie eine Rolle."),
});
export const newAccountFields = ["username", "password", "role"] as const;

export const resetPasswordSchema = z.object({ password: newPasswordSchema });

/** Six digits from the app, to confirm that it was set up. */
const appCode = z
  .string("Bitte geben Sie den Code ein.")
  .trim()
  .regex(/^\d{3} ?\d{3}$/, "Bitte geben Sie die 6 Ziffern aus Ihrer App ein.");

/** Turning the second factor on: the password and the first code from the new app (decision 0025). */
export const confirmSecondFactorSchema = z.object({ current: currentPassword, code: appCode });
/** Turning it off or making new recovery codes: the password and a code from the app or a recovery code. */
export const changeSecondFactorSchema = z.object({ current: currentPassword, code: secondFactorCode });
export const secondFactorFields = ["current", "code"] as const;

/** 'Zwei-Faktor-Anmeldung Pflicht' on Konten (decision 0027): off (as before), for owners, for everyone. */
export const secondFactorPolicies = [
  "off",
  "owners",
  "everyone",
] as const satisfies readonly SecondFactorPolicy[];
/** A role as Konten names it. */
export const roleLabels: Record<StaffRole, string> = { owner: "Inhaber", staff: "Mitarbeiter" };

export const secondFactorPolicyLabels: Record<SecondFactorPolicy, string> = {
  off: "Aus: jedes Konto entscheidet selbst",
  owners: "Pflicht für Inhaber",
  everyone: "Pflicht für alle Konten",
};
export const secondFactorPolicySchema = z.object({
  policy: z.enum(secondFactorPolicies, "Bitte wählen Sie eine Einstellung."),
});

/** Whether the policy asks this account for a second factor. */
export const secondFactorRequiredFor = (policy: SecondFactorPolicy, role: StaffRole) =>
  policy === "everyone" || (policy === "owners" && role === "owner");

/** What an account must do on Mein Konto first: its shape is part of the request's context. */
export type { PendingStep };

export const pendingStepMessages: Record<PendingStep, { title: string; description: string }> = {
  "change-password": {
    title: "Bitte ändern Sie jetzt Ihr Passwort",
    description:
      "Ihr Passwort hat jemand anderes für Sie festgelegt (beim Anlegen des Kontos, beim Zurücksetzen oder beim ersten Start). Wählen Sie unten unter „Passwort ändern“ ein eigenes.",
  },
  "set-up-second-factor": {
    title: "Bitte richten Sie jetzt die Zwei-Faktor-Anmeldung ein",
    description:
      "Die Inhaber haben die Zwei-Faktor-Anmeldung für Ihr Konto zur Pflicht gemacht. Richten Sie sie unten unter „Zwei-Faktor-Anmeldung“ mit einer Authenticator-App ein.",
  },
};
/** Said with the steps above, on Mein Konto and in the sidebar. */
export const pendingStepsConsequence =
  "Bis dahin ist nur „Mein Konto“ erreichbar; danach öffnen sich alle anderen Bereiche wieder.";
