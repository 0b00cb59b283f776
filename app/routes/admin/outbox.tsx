import { data, Form, Link, useNavigation } from "react-router";
import { StatusButton } from "../../components/forms/status-button.tsx";
import { useIsPending } from "../../components/forms/use-is-pending.ts";
import { NoticeInPage } from "../../components/forms/form-notice.tsx";
import { AdminPage } from "../../features/admin-shell/admin-page.tsx";
import { signedInStaff } from "../../features/auth/auth.server.ts";
import { services } from "../../shared/app-context.ts";
import { errorNotice, formId, INTENT_FIELD, readForm, type Notice } from "../../lib/forms.ts";
import { NO_SMTP_MESSAGE } from "../../shared/mail/mailer.server.ts";
import { countOutbox, listOutbox, requeueMail, type OutboxFilter } from "../../shared/mail/outbox.server.ts";
import { formatBerlinDateTime } from "../../lib/format.ts";
import { siteMeta } from "../../lib/meta.ts";
import { cn } from "../../lib/utils.ts";
import type { Route } from "./+types/outbox";
import { AdminScreenError } from "../../features/admin-shell/screen-error.tsx";
import { answerOrFailure } from "../../lib/action-failures.ts";

export const meta: Route.MetaFunction = () => siteMeta({ title: "E-Mail-Ausgang", noindex: true });

const filters: Array<{ value: OutboxFilter; label: string }> = [
  { value: "all", label: "Alle" },
  { value: "waiting", label: "Wartend" },
  { value: "failed", label: "Fehlgeschlagen" },
  { value: "sent", label: "Gesendet" },
];

const kindLabels: Record<string, string> = {
  "reservation-notice": "Neue Reservierung (an das Restaurant)",
  "reservation-confirmation": "Bestätigung (an den Gast)",
  "reservation-cancellation": "Stornierung (an den Gast)",
};

const dateTime = formatBerlinDateTime;

/** The outbox (decision 0017): every e-mail the site wrote, whether it went out, and why not. */
export async function loader({ url, context }: Route.LoaderArgs) {
  const { database, mailer } = services(context);
  const requested = url.searchParams.get("filter");
  const filter = filters.some((entry) => entry.value === requested) ? (requested as OutboxFilter) : "all";
  const [entries, counts] = await Promise.all([
    listOutbox(database.db, { filter }),
    countOutbox(database.db),
  ]);
  return { filter, entries, counts, notConfigured: mailer.configured ? undefined : NO_SMTP_MESSAGE };
}

/** 'Erneut senden': the message is due again now and sent at once. */
export async function action({ request, context }: Route.ActionArgs) {
  const staff = signedInStaff(context);
  const { database, logger, mailer } = services(context);
  const form = await readForm(request);
  const id = formId(form);
  if (form.get(INTENT_FIELD) !== "resend" || id === undefined) {
    return data<{ notice: Notice }>(
      { notice: { tone: "error", title: "Fehler", description: "Unbekannte Aktion." } },
      { status: 400 },
    );
  }
  if (!(await requeueMail(database.db, id))) {
    return data<{ notice: Notice }>(
      {
        notice: {
          tone: "error",
          title: "Fehler",
          description: "Diese E-Mail wird gerade gesendet oder existiert nicht mehr.",
        },
      },
      { status: 409 },
    );
  }
  logger.info("mail requeued", { username: staff.username, mailId: id });
  const delivery = await mailer.deliver(id);
  const notice: Notice =
    delivery.status === "sent"
      ? { tone: "success", title: "E-Mail gesendet", description: "Die E-Mail wurde erneut gesendet." }
      : delivery.status === "busy"
        ? { tone: "success", title: "E-Mail wird gesendet", description: "Die E-Mail wird gerade gesendet." }
        : {
            tone: "error",
            title: "E-Mail Fehler",
            description: `Die E-Mail konnte nicht gesendet werden: ${delivery.error} Sie wird automatisch erneut versucht.`,
          };
  return { notice };
}

/** 'Erneut senden' without an answer of the action's own says so in the page (decision 0028). */
export const clientAction = (args: Route.ClientActionArgs) =>
  answerOrFailure<{ notice: Notice }>(args, (_form, failure) => ({
    notice: errorNotice(`Die E-Mail konnte nicht erneut gesendet werden. ${failure.detail}`),
  }));

/** A screen that cannot load keeps the sidebar and offers 'Erneut versuchen' (decision 0028). */
export const ErrorBoundary = AdminScreenError;

function StatusText({ entry }: { entry: Route.ComponentProps["loaderData"]["entries"][number] }) {
  if (entry.status === "sent")
    return (
      <span className="font-medium text-green-800">
        Gesendet {entry.sentAt ? `am ${dateTime(entry.sentAt)}` : ""}
      </span>
    );
  if (entry.status === "failed")
    return <span className="font-medium text-brand-800">Fehlgeschlagen nach {entry.attempts} Versuchen</span>;
  return (
    <span className="font-medium text-amber-900">
      Wartet
      {entry.attempts > 0
        ? ` · ${entry.attempts}. Versuch fehlgeschlagen, nächster ${dateTime(entry.nextAttemptAt)}`
        : entry.lastError
          ? " · E-Mail-Server nicht erreichbar, wird automatisch gesendet, sobald er wieder antwortet"
          : ""}
    </span>
  );
}

function ResendButton({ id }: { id: number }) {
  const navigation = useNavigation();
  const pending = useIsPending({ intent: "resend" }) && navigation.formData?.get("id") === String(id);
  return (
    <Form method="post">
      <input type="hidden" name={INTENT_FIELD} value="resend" />
      <input type="hidden" name="id" value={id} />
      <StatusButton
        size="sm"
        variant="outline"
        status={pending ? "pending" : "idle"}
        pendingText="Wird gesendet..."
      >
        Erneut senden
      </StatusButton>
    </Form>
  );
}

export default function Outbox({ loaderData, actionData }: Route.ComponentProps) {
  const { filter, entries, counts, notConfigured } = loaderData;
  const countOf: Record<OutboxFilter, number> = {
    all: counts.pending + counts.failed + counts.sent,
    waiting: counts.pending,
    failed: counts.failed,
    sent: counts.sent,
  };
  return (
    <AdminPage
      title="E-Mail-Ausgang"
      description="Jede E-Mail der Website: ob sie gesendet wurde und warum nicht."
    >
      <div className="space-y-6">
        <Link
          to="/admin/reservations"
          className="text-sm font-medium text-brand-700 underline-offset-4 hover:underline"
        >
          ← Zurück zu den Reservierungen
        </Link>
        {notConfigured ? (
          <NoticeInPage
            notice={{
              tone: "error",
              title: "Kein E-Mail-Server",
              description: `${notConfigured} Richten Sie SMTP_URL ein (siehe README, E-Mail).`,
            }}
          />
        ) : null}
        {actionData ? <NoticeInPage notice={actionData.notice} /> : null}
        <nav aria-label="Filter" className="flex flex-wrap gap-2">
          {filters.map((entry) => (
            <Link
              key={entry.value}
              to={entry.value === "all" ? "." : `?filter=${entry.value}`}
              aria-current={filter === entry.value ? "page" : undefined}
              className={cn(
                "rounded-full border px-3 py-1 text-sm font-medium",
                filter === entry.value
                  ? "border-brand-700 bg-brand-700 text-white"
                  : "border-stone-300 bg-white hover:bg-stone-100",
              )}
            >
              {entry.label} ({countOf[entry.value]})
            </Link>
          ))}
        </nav>
        {entries.length === 0 ? (
          <p className="rounded-lg border border-dashed border-stone-300 bg-white p-8 text-center text-muted">
            Keine E-Mails in dieser Ansicht.
          </p>
        ) : (
          <ul className="space-y-3">
            {entries.map((entry) => (
              <li
                key={entry.id}
                className="rounded-lg border border-stone-200 bg-white p-4 shadow-sm"
                data-status={entry.status}
              >
                <div className="flex flex-wrap items-start justify-between gap-3">
                  <div className="min-w-0">
                    <p className="font-semibold break-words">{entry.subject}</p>
                    <p className="text-sm text-muted">
                      {kindLabels[entry.kind] ?? entry.kind} · an {entry.recipient} · erstellt{" "}
                      {dateTime(entry.createdAt)}
                    </p>
                    <p className="mt-1 text-sm">
                      <StatusText entry={entry} />
                    </p>
                    {entry.lastError && entry.status !== "sent" ? (
                      <p className="mt-1 text-sm break-words text-brand-800">
                        Letzter Fehler: {entry.lastError}
                      </p>
                    ) : null}
                  </div>
                  <ResendButton id={entry.id} />
                </div>
              </li>
            ))}
          </ul>
        )}
      </div>
    </AdminPage>
  );
}
