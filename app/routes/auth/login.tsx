import { Eye, EyeOff, LoaderCircle } from "lucide-react";
import { useEffect, useState, type FormEvent } from "react";
import {
  data,
  Form,
  Link,
  redirect,
  useNavigate,
  useNavigation,
  type ShouldRevalidateFunction,
} from "react-router";
import { Button } from "../../components/ui/button.tsx";
import { Input } from "../../components/ui/input.tsx";
import { FieldError, Label } from "../../components/ui/label.tsx";
import { toast } from "../../components/ui/toaster.tsx";
import { cookieSettingsOf, optionalStaffSession } from "../../features/auth/auth.server.ts";
import { AuthCard } from "../../features/auth/components/auth-card.tsx";
import {
  loginFields,
  loginMessages,
  loginSchema,
  throttledDescription,
  type LoginField,
} from "../../features/auth/schema.ts";
import { readSessionToken, sessionCookie } from "../../features/auth/session.server.ts";
import { signIn } from "../../features/auth/sign-in.server.ts";
import { services } from "../../lib/app-context.ts";
import { fieldErrorsOf, formText, readForm, type FieldErrors } from "../../lib/forms.ts";
import { siteMeta } from "../../lib/meta.ts";
import { useHydrated } from "../../lib/use-hydrated.ts";
import type { Route } from "./+types/login";
import { toastsHandle } from "../../lib/toasts.ts";

/** Staff screens confirm saves with toasts. */
export const handle = toastsHandle;

export const meta: Route.MetaFunction = () => siteMeta({ title: "Mitarbeiter Login", noindex: true });

/** The spec's delay between the success toast and the dashboard. */
const REDIRECT_DELAY_MS = 1000;

export async function loader({ request, context }: Route.LoaderArgs) {
  if (await optionalStaffSession(request, context)) throw redirect("/admin");
  return null;
}

/** Document responses carry the action's Retry-After (429); the sign-in page is never cached. */
export function headers({ actionHeaders }: Route.HeadersArgs) {
  const headers = new Headers({ "Cache-Control": "no-store" });
  const retryAfter = actionHeaders.get("Retry-After");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  return headers;
}

/**
 * After a successful sign-in the loader would see the new session and redirect at once; the spec
 * wants the success toast on this page and the dashboard 1 s later, so the loader is not re-run.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionResult, defaultShouldRevalidate }) =>
  (actionResult as ActionResult | undefined)?.status === "success" ? false : defaultShouldRevalidate;

type ActionResult =
  | { status: "invalid"; fieldErrors: FieldErrors<LoginField>; values: { username: string } }
  | { status: "error"; title: string; description: string; values: { username: string } }
  | { status: "success" };

export async function action({ request, context }: Route.ActionArgs) {
  const { database, clientAddress, logger } = services(context);
  const settings = cookieSettingsOf(context);
  const { username, password } = formText(await readForm(request), loginFields);
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
    case "signed-in":
      logger.info("signed in", { username: result.username, clientAddress });
      return data<ActionResult>(
        { status: "success" },
        { headers: { "Set-Cookie": sessionCookie(result.token, settings), "Cache-Control": "no-store" } },
      );
  }
}

export default function Login({ actionData }: Route.ComponentProps) {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const submitting = navigation.state !== "idle" && navigation.formMethod === "POST";
  const [showPassword, setShowPassword] = useState(false);
  const [clientErrors, setClientErrors] = useState<FieldErrors<LoginField> | undefined>(undefined);
  const errors = clientErrors ?? (actionData?.status === "invalid" ? actionData.fieldErrors : {});
  const succeeded = actionData?.status === "success";

  useEffect(() => {
    if (!actionData) return;
    if (actionData.status === "success") {
      toast.success(loginMessages.successTitle, { description: loginMessages.successDescription });
      const timer = setTimeout(() => navigate("/admin", { replace: true }), REDIRECT_DELAY_MS);
      return () => clearTimeout(timer);
    }
    if (actionData.status === "error") toast.error(actionData.title, { description: actionData.description });
  }, [actionData, navigate]);

  function validateBeforeSubmit(event: FormEvent<HTMLFormElement>) {
    const parsed = loginSchema.safeParse(formText(new FormData(event.currentTarget), loginFields));
    if (parsed.success) {
      setClientErrors(undefined);
      return;
    }
    event.preventDefault();
    const next = fieldErrorsOf(parsed.error, loginFields);
    setClientErrors(next);
    const first = next.username ? "username" : "password";
    event.currentTarget.querySelector<HTMLInputElement>(`[name="${first}"]`)?.focus();
  }

  return (
    <AuthCard
      title="Mitarbeiter Login"
      description="Melden Sie sich an, um den Verwaltungsbereich zu öffnen."
    >
      {/* Without JavaScript there are no toasts: the result is shown here, and the success page forwards itself. */}
      {!hydrated && actionData?.status === "error" ? (
        <div role="alert" className="mb-5 rounded-md border border-brand-700/40 bg-brand-50 p-3 text-sm">
          <p className="font-semibold text-brand-800">{actionData.title}</p>
          <p className="text-brand-800">{actionData.description}</p>
        </div>
      ) : null}
      {!hydrated && succeeded ? (
        <div
          role="status"
          className="mb-5 rounded-md border border-green-700/40 bg-green-50 p-3 text-sm text-green-900"
        >
          <meta httpEquiv="refresh" content={`1;url=/admin`} />
          <p className="font-semibold">{loginMessages.successTitle}</p>
          <p>
            {loginMessages.successDescription}{" "}
            <a href="/admin" className="underline">
              Zum Verwaltungsbereich
            </a>
          </p>
        </div>
      ) : null}
      <Form method="post" noValidate onSubmit={validateBeforeSubmit} className="space-y-5">
        <div className="space-y-2">
          <Label htmlFor="username">Benutzername</Label>
          <Input
            id="username"
            name="username"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            defaultValue={actionData && actionData.status !== "success" ? actionData.values.username : ""}
            aria-invalid={errors.username ? true : undefined}
            aria-describedby={errors.username ? "username-error" : undefined}
          />
          <FieldError id="username-error">{errors.username}</FieldError>
        </div>
        <div className="space-y-2">
          <Label htmlFor="password">Passwort</Label>
          <div className="relative">
            <Input
              id="password"
              name="password"
              type={showPassword ? "text" : "password"}
              autoComplete="current-password"
              className="pr-11"
              aria-invalid={errors.password ? true : undefined}
              aria-describedby={errors.password ? "password-error" : undefined}
            />
            <button
              type="button"
              onClick={() => setShowPassword((shown) => !shown)}
              className="absolute inset-y-0 right-0 flex w-11 items-center justify-center rounded-r-md text-muted hover:text-ink"
              aria-label={showPassword ? "Passwort verbergen" : "Passwort anzeigen"}
              aria-pressed={showPassword}
              aria-controls="password"
            >
              {showPassword ? (
                <EyeOff className="size-5" aria-hidden="true" />
              ) : (
                <Eye className="size-5" aria-hidden="true" />
              )}
            </button>
          </div>
          <FieldError id="password-error">{errors.password}</FieldError>
        </div>
        <div className="flex justify-end">
          <Link
            to="/passwort-vergessen"
            className="text-sm text-brand-700 underline-offset-4 hover:underline"
          >
            Passwort vergessen?
          </Link>
        </div>
        <Button type="submit" size="lg" className="w-full" disabled={submitting || succeeded}>
          {submitting ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : null}
          {submitting ? "Anmelden..." : "Anmelden"}
        </Button>
      </Form>
    </AuthCard>
  );
}
