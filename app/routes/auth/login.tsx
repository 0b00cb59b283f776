import { Eye, EyeOff } from "lucide-react";
import { useEffect, useState, type FormEvent } from "react";
import { flushSync } from "react-dom";
import { data, Form, Link, redirect, useNavigate, type ShouldRevalidateFunction } from "react-router";
import { Field, FieldFrame } from "../../components/forms/field.tsx";
import { focusFirstInvalid } from "../../components/forms/focus.ts";
import { FormNotice } from "../../components/forms/form-notice.tsx";
import { StatusButton } from "../../components/forms/status-button.tsx";
import { toastNotice } from "../../components/forms/toast-notice.ts";
import { useIsPending } from "../../components/forms/use-is-pending.ts";
import { Input } from "../../components/ui/input.tsx";
import { cookieSettingsOf, optionalStaffSession } from "../../features/auth/auth.server.ts";
import { AuthCard } from "../../features/auth/components/auth-card.tsx";
import {
  loginFields,
  loginMessages,
  loginSchema,
  secondFactorMessages,
  signedInNotice,
  throttledDescription,
  type LoginField,
} from "../../features/auth/schema.ts";
import { hashToken, readSessionToken, sessionCookie } from "../../features/auth/session.server.ts";
import {
  challengeCookie,
  challengeIsOpen,
  clearedChallengeCookie,
  closeChallenge,
  readChallengeToken,
} from "../../features/auth/challenge.server.ts";
import { completeSecondFactor, signIn } from "../../features/auth/sign-in.server.ts";
import { services } from "../../shared/app-context.ts";
import {
  fieldErrorsOf,
  formText,
  INTENT_FIELD,
  readForm,
  type FieldErrors,
  type Notice,
} from "../../lib/forms.ts";
import { siteMeta } from "../../lib/meta.ts";
import { useHydrated } from "../../lib/use-hydrated.ts";
import type { Route } from "./+types/login";
import { toastsHandle } from "../../lib/toasts.ts";

/** Staff screens confirm saves with toasts. */
export const handle = toastsHandle;

export const meta: Route.MetaFunction = () => siteMeta({ title: "Mitarbeiter Login", noindex: true });

/** The delay between the success toast and the dashboard (docs/product/staff.md#sign-in). */
const REDIRECT_DELAY_MS = 1000;

export async function loader({ request, context }: Route.LoaderArgs) {
  if (await optionalStaffSession(request, context)) throw redirect("/admin");
  // A password accepted minutes ago, its code still to come: the page asks for the code again.
  const challenge = readChallengeToken(request, cookieSettingsOf(context));
  return { secondStep: challenge ? await challengeIsOpen(services(context).database.db, challenge) : false };
}

/** Document responses carry the action's Retry-After (429); the sign-in page is never cached. */
export function headers({ actionHeaders }: Route.HeadersArgs) {
  const headers = new Headers({ "Cache-Control": "no-store" });
  const retryAfter = actionHeaders.get("Retry-After");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  return headers;
}

/**
 * After a successful sign-in the loader would see the new session and redirect at once; the product
 * shows the success toast on this page and the dashboard 1 s later, so the loader is not re-run.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionResult, defaultShouldRevalidate }) =>
  (actionResult as ActionResult | undefined)?.status === "success" ? false : defaultShouldRevalidate;

type ActionResult =
  | { status: "invalid"; fieldErrors: FieldErrors<LoginField>; values: { username: string } }
  | { status: "error"; title: string; description: string; values: { username: string } }
  /** The password was right; the code from the app is next (`error`: the last code was not). */
  | { status: "second-factor"; error?: string }
  | { status: "restart" }
  | { status: "success"; note?: string };

const noStore = { "Cache-Control": "no-store" };

/** The second step: the code for the challenge in the cookie (decision 0025). */
async function secondStepAction(request: Request, form: FormData, context: Route.ActionArgs["context"]) {
  const { database, clientAddress, logger } = services(context);
  const settings = cookieSettingsOf(context);
  const cleared = clearedChallengeCookie(settings);
  const result = await completeSecondFactor(database.db, {
    challengeToken: readChallengeToken(request, settings),
    code: formText(form, ["code"]).code,
    clientAddress,
    userAgent: request.headers.get("user-agent"),
    previousToken: readSessionToken(request, settings),
  });
  switch (result.kind) {
    case "invalid":
      return data<ActionResult>({ status: "second-factor", error: result.message }, { status: 400 });
    case "wrong-code":
      logger.warn("second factor wrong", { clientAddress });
      return data<ActionResult>(
        { status: "second-factor", error: secondFactorMessages.wrongCode(result.attemptsLeft) },
        { status: 401 },
      );
    case "expired":
      return data<ActionResult>(
        {
          status: "error",
          title: loginMessages.failedTitle,
          description: secondFactorMessages.expired,
          values: { username: "" },
        },
        { status: 401, headers: { "Set-Cookie": cleared } },
      );
    case "throttled": {
      const minutes = Math.max(1, Math.ceil(result.retryAfterSeconds / 60));
      return data<ActionResult>(
        {
          status: "error",
          title: loginMessages.throttledTitle,
          description: throttledDescription(minutes),
          values: { username: "" },
        },
        { status: 429, headers: { "Retry-After": String(result.retryAfterSeconds), "Set-Cookie": cleared } },
      );
    }
    case "signed-in": {
      logger.info("signed in", { username: result.username, clientAddress, secondFactor: true });
      const headers = new Headers(noStore);
      headers.append("Set-Cookie", sessionCookie(result.token, settings));
      headers.append("Set-Cookie", cleared);
      return data<ActionResult>(
        {
          status: "success",
          ...(result.usedRecoveryCode ? { note: secondFactorMessages.recoveryUsed } : {}),
        },
        { headers },
      );
    }
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const { database, clientAddress, logger } = services(context);
  const settings = cookieSettingsOf(context);
  const form = await readForm(request);
  const intent = form.get(INTENT_FIELD);
  if (intent === "second-factor") return secondStepAction(request, form, context);
  if (intent === "restart") {
    const challenge = readChallengeToken(request, settings);
    if (challenge) await closeChallenge(database.db, hashToken(challenge));
    return data<ActionResult>(
      { status: "restart" },
      { headers: { "Set-Cookie": clearedChallengeCookie(settings) } },
    );
  }
  const { username, password } = formText(form, loginFields);
  const values = { username: username.slice(0, 100) };
  const result = await signIn(database.db, {
    username,
    password,
    clientAddress,
    userAgent: request.headers.get("user-agent"),
    previousToken: readSessionToken(request, settings),
  });
  switch (result.kind) {
    case "invalid":
      return data<ActionResult>(
        { status: "invalid", fieldErrors: result.fieldErrors, values },
        { status: 400 },
      );
    case "throttled": {
      logger.warn("sign-in throttled", { clientAddress });
      const minutes = Math.max(1, Math.ceil(result.retryAfterSeconds / 60));
      return data<ActionResult>(
        {
          status: "error",
          title: loginMessages.throttledTitle,
          description: throttledDescription(minutes),
          values,
        },
        { status: 429, headers: { "Retry-After": String(result.retryAfterSeconds) } },
      );
    }
    case "rejected":
      logger.warn("sign-in failed", { clientAddress });
      return data<ActionResult>(
        {
          status: "error",
          title: loginMessages.failedTitle,
          description: loginMessages.failedDescription,
          values,
        },
        { status: 401 },
      );
    case "second-factor":
      logger.info("password right, code next", { clientAddress });
      return data<ActionResult>(
        { status: "second-factor" },
        { headers: { "Set-Cookie": challengeCookie(result.challengeToken, settings), ...noStore } },
      );
    case "signed-in":
      logger.info("signed in", { username: result.username, clientAddress });
      return data<ActionResult>(
        { status: "success" },
        { headers: { "Set-Cookie": sessionCookie(result.token, settings), "Cache-Control": "no-store" } },
      );
  }
}

export default function Login({ actionData, loaderData }: Route.ComponentProps) {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const submitting = useIsPending();
  const [showPassword, setShowPassword] = useState(false);
  const [clientErrors, setClientErrors] = useState<FieldErrors<LoginField> | undefined>(undefined);
  const errors = clientErrors ?? (actionData?.status === "invalid" ? actionData.fieldErrors : {});
  const succeeded = actionData?.status === "success";
  const refusal: Notice | undefined =
    actionData?.status === "error"
      ? { tone: "error", title: actionData.title, description: actionData.description }
      : undefined;

  const secondStep =
    actionData?.status === "second-factor" ||
    (loaderData.secondStep && actionData?.status !== "restart" && actionData?.status !== "error");

  useEffect(() => {
    if (!actionData) return;
    if (actionData.status === "success") {
      toastNotice(
        actionData.note
          ? { ...signedInNotice, description: `${actionData.note} ${signedInNotice.description}` }
          : signedInNotice,
      );
      const timer = setTimeout(() => navigate("/admin", { replace: true }), REDIRECT_DELAY_MS);
      return () => clearTimeout(timer);
    }
    if (actionData.status === "error")
      toastNotice({ tone: "error", title: actionData.title, description: actionData.description });
  }, [actionData, navigate]);

  function validateBeforeSubmit(event: FormEvent<HTMLFormElement>) {
    const form = event.currentTarget;
    const parsed = loginSchema.safeParse(formText(new FormData(form), loginFields));
    if (parsed.success) {
      setClientErrors(undefined);
      return;
    }
    event.preventDefault();
    flushSync(() => setClientErrors(fieldErrorsOf(parsed.error, loginFields)));
    focusFirstInvalid(form);
  }

  return (
    <AuthCard
      title="Mitarbeiter Login"
      description="Melden Sie sich an, um den Verwaltungsbereich zu öffnen."
    >
      {/* Without JavaScript there are no toasts: the result is shown here, and the success page forwards itself. */}
      {!hydrated && refusal ? (
        <FormNotice tone="error" title={refusal.title} className="mb-5">
          {refusal.description}
        </FormNotice>
      ) : null}
      {!hydrated && succeeded ? (
        <FormNotice tone="success" title={signedInNotice.title} className="mb-5">
          <meta httpEquiv="refresh" content={actionData.note ? "8;url=/admin" : "1;url=/admin"} />
          <p>
            {actionData.note ? `${actionData.note} ` : ""}
            {signedInNotice.description}{" "}
            <a href="/admin" className="underline">
              Zum Verwaltungsbereich
            </a>
          </p>
        </FormNotice>
      ) : null}
      {secondStep && !succeeded ? (
        <SecondStep error={actionData?.status === "second-factor" ? actionData.error : undefined} />
      ) : (
        <Form method="post" noValidate onSubmit={validateBeforeSubmit} className="space-y-5">
          <Field
            id="username"
            label="Benutzername"
            errors={errors.username}
            inputProps={{
              name: "username",
              autoComplete: "username",
              autoCapitalize: "none",
              spellCheck: false,
              defaultValue: actionData && "values" in actionData ? actionData.values.username : "",
            }}
          />
          <FieldFrame id="password" label="Passwort" errors={errors.password}>
            {(wiring) => (
              <div className="relative">
                <Input
                  name="password"
                  type={showPassword ? "text" : "password"}
                  autoComplete="current-password"
                  className="pr-11"
                  {...wiring}
                />
                <button
                  type="button"
                  onClick={() => setShowPassword((shown) => !shown)}
                  className="absolute inset-y-0 right-0 flex w-11 items-center justify-center rounded-r-md text-muted hover:text-ink"
                  aria-label={showPassword ? "Passwort verbergen" : "Passwort anzeigen"}
                  aria-pressed={showPassword}
                  aria-controls={wiring.id}
                >
                  {showPassword ? (
                    <EyeOff className="size-5" aria-hidden="true" />
                  ) : (
                    <Eye className="size-5" aria-hidden="true" />
                  )}
                </button>
              </div>
            )}
          </FieldFrame>
          <div className="flex justify-end">
            <Link
              to="/passwort-vergessen"
              className="text-sm text-brand-700 underline-offset-4 hover:underline"
            >
              Passwort vergessen?
            </Link>
          </div>
          <StatusButton
            status={submitting ? "pending" : "idle"}
            pendingText={loginMessages.submitting}
            size="lg"
            className="w-full"
            disabled={succeeded}
          >
            Anmelden
          </StatusButton>
        </Form>
      )}
    </AuthCard>
  );
}

/** The code from the app, or a recovery code; 'Abbrechen' starts the sign-in again. */
function SecondStep({ error }: { error: string | undefined }) {
  const submitting = useIsPending({ intent: "second-factor" });
  return (
    <div className="space-y-5">
      <div>
        <h2 className="font-semibold">{secondFactorMessages.title}</h2>
        <p className="text-sm text-muted">{secondFactorMessages.description}</p>
      </div>
      <Form method="post" noValidate className="space-y-5">
        <input type="hidden" name={INTENT_FIELD} value="second-factor" />
        <Field
          id="code"
          label="Code"
          description={secondFactorMessages.recoveryHint}
          errors={error}
          inputProps={{
            name: "code",
            autoComplete: "one-time-code",
            autoCapitalize: "none",
            spellCheck: false,
            autoFocus: true,
            maxLength: 40,
          }}
        />
        <StatusButton
          status={submitting ? "pending" : "idle"}
          pendingText={secondFactorMessages.submitting}
          size="lg"
          className="w-full"
        >
          {secondFactorMessages.submit}
        </StatusButton>
      </Form>
      <Form method="post" className="text-center">
        <input type="hidden" name={INTENT_FIELD} value="restart" />
        <button type="submit" className="text-sm text-brand-700 underline-offset-4 hover:underline">
          Abbrechen und neu anmelden
        </button>
      </Form>
    </div>
  );
}
