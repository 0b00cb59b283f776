import { Form, Link, useNavigation } from "react-router";
import { NoticeInPage } from "../../../components/forms/form-notice.tsx";
import { StatusButton } from "../../../components/forms/status-button.tsx";
import { useIsPending } from "../../../components/forms/use-is-pending.ts";
import { formatBerlinDateTime } from "../../../lib/format.ts";
import { INTENT_FIELD } from "../../../lib/forms.ts";
import { cn } from "../../../lib/utils.ts";
import type { OutboxFilter } from "../../../common/mail/outbox.server.ts";
import { mailKindLabels, outboxFilters, type OutboxResult } from "../outbox-model.ts";
import type { OutboxData } from "../outbox.server.ts";

function StatusText({ entry }: { entry: OutboxData["entries"][number] }) {
  if (entry.status === "sent")
    return (
      <span className="font-medium text-green-800">
        Gesendet {entry.sentAt ? `am ${formatBerlinDateTime(entry.sentAt)}` : ""}
      </span>
    );
  if (entry.status === "failed")
    return <span className="font-medium text-brand-800">Fehlgeschlagen nach {entry.attempts} Versuchen</span>;
  return (
    <span className="font-medium text-amber-900">
      Wartet
      {entry.attempts > 0
        ? ` · ${entry.attempts}. Versuch fehlgeschlagen, nächster ${formatBerlinDateTime(entry.nextAttemptAt)}`
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

/** E-Mail-Ausgang: the mails its loader read, by filter, and the answer of the last 'Erneut senden'. */
export function OutboxScreen({ data, result }: { data: OutboxData; result: OutboxResult | undefined }) {
  const { filter, entries, counts, notConfigured } = data;
  const countOf: Record<OutboxFilter, number> = {
    all: counts.pending + counts.failed + counts.sent,
    waiting: counts.pending,
    failed: counts.failed,
    sent: counts.sent,
  };
  return (
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
      {result?.notice ? <NoticeInPage notice={result.notice} /> : null}
      <nav aria-label="Filter" className="flex flex-wrap gap-2">
        {outboxFilters.map((entry) => (
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
                    {mailKindLabels[entry.kind] ?? entry.kind} · an {entry.recipient} · erstellt{" "}
                    {formatBerlinDateTime(entry.createdAt)}
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
  );
}
