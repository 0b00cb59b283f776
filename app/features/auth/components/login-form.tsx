import { Eye, EyeOff } from "lucide-react";
import { useEffect, useState, type FormEvent } from "react";
import { flushSync } from "react-dom";
import { Form, Link, useNavigate } from "react-router";
import { Field, FieldFrame } from "../../../components/forms/field.tsx";
import { focusFirstInvalid } from "../../../components/forms/focus.ts";
import { FormNotice } from "../../../components/forms/form-notice.tsx";
import { StatusButton } from "../../../components/forms/status-button.tsx";
import { toastNotice } from "../../../components/forms/toast-notice.ts";
import { useIsPending } from "../../../components/forms/use-is-pending.ts";
import { Input } from "../../../components/ui/input.tsx";
import { fieldErrorsOf, formText, INTENT_FIELD, type FieldErrors } from "../../../lib/forms.ts";
import { useHydrated } from "../../../lib/use-hydrated.ts";
import type { LoginResult } from "../action-results.ts";
import {
  loginFields,
  loginMessages,
  loginSchema,
  secondFactorMessages,
  signedInNotice,
  type LoginField,
} from "../schema.ts";
import { AuthCard } from "./auth-card.tsx";

/** The delay between the success toast and the dashboard: long enough to read the toast's title. */
const REDIRECT_DELAY_MS = 1000;

/**
 * 'Mitarbeiter Login': the password, then the code for an account with a second factor. With
 * JavaScript the answer is a toast and the dashboard follows 1 s after the success; without, the
 * answer is shown in the page and the success page forwards itself.
 */
export function LoginForm({
  result,
  secondStepOpen,
}: {
  result: LoginResult | undefined;
  secondStepOpen: boolean;
}) {
  const actionData = result;
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const submitting = useIsPending();
  const [showPassword, setShowPassword] = useState(false);
  const [clientErrors, setClientErrors] = useState<FieldErrors<LoginField> | undefined>(undefined);
  const errors =
    clientErrors ??
    (actionData?.intent === "sign-in" && actionData.outcome === "invalid"
      ? (actionData.fieldErrors ?? {})
      : {});
  const succeeded = actionData?.step === "signed-in";
  const refusal = actionData?.outcome === "failed" ? actionData.notice : undefined;

  const secondStep =
    actionData?.step === "code" ||
    (secondStepOpen && actionData?.intent !== "restart" && actionData?.outcome !== "failed");

  useEffect(() => {
    if (!actionData?.notice) return;
    if (actionData.step === "signed-in") {
      toastNotice(actionData.notice);
      const timer = setTimeout(() => navigate("/admin", { replace: true }), REDIRECT_DELAY_MS);
      return () => clearTimeout(timer);
    }
    if (actionData.outcome === "failed") toastNotice(actionData.notice);
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
            {actionData.notice?.description ?? signedInNotice.description}{" "}
            <a href="/admin" className="underline">
              Zum Verwaltungsbereich
            </a>
          </p>
        </FormNotice>
      ) : null}
      {secondStep && !succeeded ? (
        <SecondStep error={actionData?.step === "code" ? actionData.fieldErrors?.code : undefined} />
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
              defaultValue: actionData?.values?.username ?? "",
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
