import type { Notice } from "../../lib/forms.ts";
import { z } from "../../lib/zod.ts";

/** The sign-in form: validated in the browser and again by the action, with the spec's texts. */
export const loginSchema = z.object({
  username: z
    .string("Bitte geben Sie einen Benutzernamen ein")
    .trim()
    .min(1, "Bitte geben Sie einen Benutzernamen ein")
    .max(100, "Der Benutzername ist zu lang"),
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
