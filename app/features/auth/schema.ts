import type { Notice } from "../../lib/forms.ts";
import { CONTROL_CHARACTERS_MESSAGE, isCleanLine } from "../../lib/text-rules.ts";
import { z } from "../../lib/zod.ts";

/** The sign-in form: validated in the browser and again by the action, with the spec's texts. */
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

/** The second step of a sign-in: six digits from the app, or a recovery code ('abcd-efgh-jk'). */
export const secondFactorSchema = z.object({
  code: z
    .string("Bitte geben Sie den Code ein.")
    .trim()
    .min(1, "Bitte geben Sie den Code ein.")
    .max(40, "Der Code ist zu lang.")
    .refine(
      (code) => /^\d{3} ?\d{3}$/.test(code) || /^[a-z0-9]{4}-?[a-z0-9]{4}-?[a-z0-9]{2}$/i.test(code),
      "Bitte geben Sie die 6 Ziffern aus Ihrer App oder einen Wiederherstellungscode ein.",
    ),
});

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

/** New passwords: the form's schema (length) — the server also refuses the most common ones. */
export const changePasswordSchema = z
  .object({
    current: z
      .string("Bitte geben Sie Ihr aktuelles Passwort ein.")
      .min(1, "Bitte geben Sie Ihr aktuelles Passwort ein.")
      .max(200, "Das Passwort ist zu lang"),
    password: newPasswordSchema,
    repeat: z.string(),
  })
  .refine((value) => value.password === value.repeat, {
    path: ["repeat"],
    message: "Die Passwörter stimmen nicht überein.",
  });
export const changePasswordFields = ["current", "password", "repeat"] as const;

export const usernameSchema = z
  .string("Bitte geben Sie einen Benutzernamen ein")
  .trim()
  .min(2, "Der Benutzername muss mindestens 2 Zeichen lang sein.")
  .max(100, "Der Benutzername ist zu lang")
  .regex(/^[\p{L}\p{N}._@-]+$/u, "Bitte nur Buchstaben, Ziffern und . _ - @ verwenden.")
  // Stored lower-cased too (sign-in ignores case), and some letters grow then ('İ' → 'i̇').
  .refine((name) => name.toLocaleLowerCase("de-DE").length <= 100, "Der Benutzername ist zu lang");

export const newAccountSchema = z.object({
  username: usernameSchema,
  password: newPasswordSchema,
  role: z.enum(["owner", "staff"], "Bitte wählen Sie eine Rolle."),
});
export const newAccountFields = ["username", "password", "role"] as const;

export const resetPasswordSchema = z.object({ password: newPasswordSchema });
export const codeSchema = z.object({
  code: z
    .string("Bitte geben Sie den Code ein.")
    .trim()
    .regex(/^\d{3} ?\d{3}$/, "Bitte geben Sie die 6 Ziffern aus Ihrer App ein."),
});
