import { Download, Printer, Search, Trash2 } from "lucide-react";
import { useRef, useState, type ReactNode } from "react";
import { Form } from "react-router";
import type { ReservationStatus } from "../../../../db/database.types.ts";
import { FieldFrame } from "../../../components/forms/field.tsx";
import { NoticeInPage } from "../../../components/forms/form-notice.tsx";
import { StatusButton } from "../../../components/forms/status-button.tsx";
import { useIsPending } from "../../../components/forms/use-is-pending.ts";
import { Button } from "../../../components/ui/button.tsx";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "../../../components/ui/dialog.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { INTENT_FIELD } from "../../../lib/forms.ts";
import { useHydrated } from "../../../lib/use-hydrated.ts";
import { cn } from "../../../lib/utils.ts";
import {
  countsText,
  GUEST_DATA_EXPORT_PATH,
  GUEST_DATA_PATH,
  SHOWN_LIMIT,
  STAND_FIELD,
  type GuestDataCounts,
  type GuestDataResult,
  type GuestDataView,
} from "../guest-data-model.ts";
import { checkGuestTerm, SEARCH_PARAM } from "../schema.ts";
import { MailList, ReservationList } from "./guest-data-lists.tsx";

const TERM_ID = "guest-data-term";
const NOTICE_ID = "guest-data-notice";
const CANCEL_FORM_ID = "guest-data-cancel";

type Found = Extract<GuestDataView, { state: "found" }>;

/**
 * 'Gastdaten' (a guest's request for their data, Art. 15, 17 and 20 GDPR): search by e-mail address
 * or phone number, then what is stored, as JSON or printed, and deleting all of it after a
 * confirmation that says what goes. Every control is a POST form carrying the term in its body, never
 * in the address (decision 0041); the confirmation is a page of its own until scripts run, when it
 * opens as a dialog: everything works without JavaScript.
 */
export function GuestDataScreen({
  view,
  result,
  statusLabels,
}: {
  view: GuestDataView;
  result: GuestDataResult | undefined;
  statusLabels: Record<ReservationStatus, string>;
}) {
  if (view.state === "found" && view.mode === "print")
    return <PrintView view={view} statusLabels={statusLabels} />;
  const term = view.state === "start" ? "" : view.term;
  return (
    <div className="space-y-6">
      <SearchForm key={term} term={term} refusal={view.state === "refused" ? view.message : undefined} />
      {result?.notice ? (
        <div id={NOTICE_ID} tabIndex={-1} className="focus:outline-none">
          <NoticeInPage notice={result.notice} />
        </div>
      ) : null}
      {view.state === "found" ? <Results view={view} result={result} statusLabels={statusLabels} /> : null}
    </div>
  );
}

/**
 * A form of the screen for the term: its intent and the term travel in the body (decision 0041).
 * `document`: a plain form the browser sends itself (the JSON file is a download, not a page).
 */
function TermForm({
  intent,
  term,
  action = GUEST_DATA_PATH,
  document = false,
  id,
  children,
}: {
  intent?: "search" | "print" | "confirm";
  term: string;
  action?: string;
  document?: boolean;
  id?: string;
  children?: ReactNode;
}) {
  return (
    <Form method="post" action={action} reloadDocument={document} id={id}>
      {intent ? <input type="hidden" name={INTENT_FIELD} value={intent} /> : null}
      <input type="hidden" name={SEARCH_PARAM} value={term} />
      {children}
    </Form>
  );
}

/**
 * One field, sent in the body of a POST. The browser checks it with the server's schema before sending, so
 * an empty or malformed term is answered at once; without scripts the server answers the same.
 */
function SearchForm({ term, refusal }: { term: string; refusal: string | undefined }) {
  const [message, setMessage] = useState<string | undefined>(refusal);
  const input = useRef<HTMLInputElement>(null);
  return (
    <Form
      method="post"
      action={GUEST_DATA_PATH}
      role="search"
      aria-label="Gastdaten suchen"
      noValidate
      className="flex flex-col gap-3 rounded-lg border border-stone-200 bg-white p-4 shadow-sm sm:flex-row sm:items-start print:hidden"
      onSubmit={(event) => {
        const check = checkGuestTerm(new FormData(event.currentTarget).get(SEARCH_PARAM));
        setMessage(check.ok ? undefined : check.message);
        if (check.ok) return;
        event.preventDefault();
        input.current?.focus();
      }}
    >
      <FieldFrame
        id={TERM_ID}
        label="E-Mail-Adresse oder Telefonnummer"
        description="Die E-Mail-Adresse ohne Rücksicht auf Groß- und Kleinschreibung, die Telefonnummer an ihren Ziffern (+49 und 0 gelten gleich)."
        errors={message}
        className="min-w-0 flex-1"
      >
        {(wiring) => (
          <Input
            ref={input}
            name={SEARCH_PARAM}
            type="search"
            defaultValue={term}
            autoComplete="off"
            spellCheck={false}
            {...wiring}
          />
        )}
      </FieldFrame>
      <input type="hidden" name={INTENT_FIELD} value="search" />
      <Button type="submit" className="sm:mt-7">
        <Search aria-hidden="true" />
        Suchen
      </Button>
    </Form>
  );
}

function Results({
  view,
  result,
  statusLabels,
}: {
  view: Found;
  result: GuestDataResult | undefined;
  statusLabels: Record<ReservationStatus, string>;
}) {
  const { term, counts } = view;
  const anything = counts.reservations + counts.mails > 0;
  return (
    <section aria-labelledby="guest-data-result" className="space-y-6">
      <div className="space-y-2">
        <h2 id="guest-data-result" className="text-2xl font-semibold wrap-anywhere">
          Gespeichert zu „{term}“
        </h2>
        <p>{anything ? `${countsText(counts)}.` : "Zu dieser Angabe ist nichts gespeichert."}</p>
        {view.truncated ? (
          <p className="text-sm text-muted">
            Angezeigt werden jeweils die neuesten {SHOWN_LIMIT}. Die JSON-Datei, die Druckansicht und das
            Löschen umfassen alle.
          </p>
        ) : null}
        {view.kind === "phone" ? (
          <p className="text-sm text-muted">
            Gesucht wurde nach der Telefonnummer: E-Mails, deren Reservierung schon gelöscht ist, findet nur
            die Suche nach der E-Mail-Adresse.
          </p>
        ) : null}
      </div>
      <div className="flex flex-wrap gap-2 print:hidden">
        {/* A file, not a page: the browser downloads it instead of React Router navigating. */}
        <TermForm term={term} action={GUEST_DATA_EXPORT_PATH} document>
          <Button type="submit" variant="outline">
            <Download aria-hidden="true" />
            Als JSON herunterladen
          </Button>
        </TermForm>
        <TermForm intent="print" term={term}>
          <Button type="submit" variant="outline">
            <Printer aria-hidden="true" />
            Druckansicht
          </Button>
        </TermForm>
        {anything ? <DeleteControl view={view} result={result} /> : null}
      </div>
      {anything && view.mode === "confirm" ? (
        <section
          aria-labelledby="guest-data-confirm"
          className="rounded-lg border-2 border-brand-700 bg-white p-4 shadow-sm"
        >
          <h3 id="guest-data-confirm" className="text-xl font-semibold">
            {confirmTitle}
          </h3>
          <p className="mt-2">
            <ConfirmText term={term} counts={counts} />
          </p>
          <DeleteForm view={view} className="mt-4">
            {/* The way back is a search of its own: a button of this form would delete. */}
            <Button type="submit" variant="outline" form={CANCEL_FORM_ID}>
              Abbrechen
            </Button>
          </DeleteForm>
          <TermForm intent="search" term={term} id={CANCEL_FORM_ID} />
        </section>
      ) : null}
      <ReservationList
        reservations={view.reservations}
        total={counts.reservations}
        statusLabels={statusLabels}
      />
      <MailList mails={view.mails} total={counts.mails} />
    </section>
  );
}

const confirmTitle = "Alle Daten dieses Gastes löschen?";

function ConfirmText({ term, counts }: { term: string; counts: GuestDataCounts }) {
  return (
    <>
      Endgültig gelöscht werden <strong>{countsText(counts)}</strong> zu „{term}“, mit den persönlichen Links
      der Reservierungen. Das lässt sich nicht rückgängig machen.
    </>
  );
}

/**
 * 'Alle Daten dieses Gastes löschen': a form that asks for the confirmation's page until scripts run,
 * then a button that opens the same confirmation as a dialog. An answer to the deletion closes it.
 */
function DeleteControl({ view, result }: { view: Found; result: GuestDataResult | undefined }) {
  const hydrated = useHydrated();
  const [open, setOpen] = useState<{ after: string | undefined } | undefined>();
  // The dialog remembers the answer that was current when it opened: a newer one closes it (state
  // adjusted while rendering, as React recommends over an effect).
  if (open && result?.intent === "delete" && result.resultId !== open.after) setOpen(undefined);
  return (
    <>
      <TermForm intent="confirm" term={view.term}>
        <Button
          type="submit"
          variant="outline"
          className="border-brand-700 text-brand-800"
          aria-haspopup={hydrated ? "dialog" : undefined}
          onClick={(event) => {
            event.preventDefault();
            setOpen({ after: result?.resultId });
          }}
        >
          <Trash2 aria-hidden="true" />
          Alle Daten dieses Gastes löschen
        </Button>
      </TermForm>
      <Dialog open={open !== undefined} onOpenChange={(next) => setOpen(next ? open : undefined)}>
        <DialogContent
          className="max-w-md"
          role="alertdialog"
          returnFocusTo={() => document.getElementById(NOTICE_ID)}
        >
          <DialogHeader>
            <DialogTitle>{confirmTitle}</DialogTitle>
            <DialogDescription>
              <ConfirmText term={view.term} counts={view.counts} />
            </DialogDescription>
          </DialogHeader>
          <DeleteForm view={view}>
            <Button type="button" variant="outline" onClick={() => setOpen(undefined)}>
              Abbrechen
            </Button>
          </DeleteForm>
        </DialogContent>
      </Dialog>
    </>
  );
}

/**
 * The deletion's POST: the term and the digest of what was shown, never ids (the server searches
 * again and deletes only what it finds, if that is what was shown). Its answer shows the same
 * search again, now empty.
 */
function DeleteForm({
  view,
  className,
  children,
}: {
  view: Found;
  className?: string;
  /** The way back: a link on the page, a button in the dialog. */
  children: ReactNode;
}) {
  const pending = useIsPending({ intent: "delete" });
  return (
    <Form
      method="post"
      action={GUEST_DATA_PATH}
      className={cn("flex flex-col-reverse gap-2 sm:flex-row sm:justify-end", className)}
    >
      <input type="hidden" name={INTENT_FIELD} value="delete" />
      <input type="hidden" name={SEARCH_PARAM} value={view.term} />
      <input type="hidden" name={STAND_FIELD} value={view.stand} />
      {children}
      <StatusButton
        status={pending ? "pending" : "idle"}
        pendingText="Wird gelöscht..."
        icon={<Trash2 aria-hidden="true" />}
      >
        Endgültig löschen
      </StatusButton>
    </Form>
  );
}

/**
 * The printed copy for the guest (Art. 15): what is stored, when it was read, and for which term;
 * the controls are not printed, nor is the admin's sidebar (the admin layout hides it in print).
 */
function PrintView({ view, statusLabels }: { view: Found; statusLabels: Record<ReservationStatus, string> }) {
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center gap-2 print:hidden">
        {/* The same before and after hydration, so nothing moves under a press (decision 0029): a
            browser without scripts hides the button and shows the hint instead. */}
        <Button onClick={() => window.print()} className="noscript:hidden">
          <Printer aria-hidden="true" />
          Jetzt drucken
        </Button>
        <p className="text-sm text-muted scripting:hidden">
          Drucken Sie diese Seite mit der Druckfunktion Ihres Browsers.
        </p>
        <TermForm intent="search" term={view.term}>
          <Button type="submit" variant="outline">
            Zurück zur Suche
          </Button>
        </TermForm>
      </div>
      <section aria-labelledby="guest-data-print" className="space-y-2">
        <h2 id="guest-data-print" className="text-2xl font-semibold">
          Auskunft über gespeicherte Daten (Art. 15 DSGVO)
        </h2>
        <p className="wrap-anywhere">Gesucht nach: „{view.term}“</p>
        <p>Stand: {view.readAt}</p>
        <p>
          {view.counts.reservations + view.counts.mails > 0
            ? `Gespeichert sind ${countsText(view.counts)}.`
            : "Zu dieser Angabe ist nichts gespeichert."}
        </p>
      </section>
      <ReservationList
        reservations={view.reservations}
        total={view.counts.reservations}
        statusLabels={statusLabels}
      />
      <MailList mails={view.mails} total={view.counts.mails} />
    </div>
  );
}
