import type { ReactNode } from "react";
import type { ReservationStatus } from "../../../../db/database.types.ts";
import { formatBerlinDateTime, formatDate } from "../../../lib/format.ts";
import { mailStatusLabels, type GuestMailRow, type GuestReservationRow } from "../guest-data-model.ts";

/**
 * The reservations and e-mails a search found, as the screen and the printed page list them: cards
 * rather than a table, so a phone (390 px) shows every field without scrolling sideways, and a
 * printed card is never cut in two.
 */

const card =
  "rounded-lg border border-stone-200 bg-white p-4 shadow-sm print:break-inside-avoid print:border-stone-400 print:shadow-none";

function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-muted">{term}</dt>
      <dd className="min-w-0 wrap-anywhere">{children}</dd>
    </>
  );
}

const persons = (count: number) => `${count} ${count === 1 ? "Person" : "Personen"}`;

export function ReservationList({
  reservations,
  total,
  statusLabels,
}: {
  reservations: GuestReservationRow[];
  total: number;
  statusLabels: Record<ReservationStatus, string>;
}) {
  return (
    <section aria-labelledby="guest-data-reservations" className="space-y-3">
      <h3 id="guest-data-reservations" className="text-xl font-semibold">
        Reservierungen ({total})
      </h3>
      {reservations.length === 0 ? (
        <p className="text-muted">Keine Reservierungen gespeichert.</p>
      ) : (
        <ul className="space-y-3">
          {reservations.map((row) => (
            <li key={row.id} className={card}>
              <p className="font-semibold">
                {formatDate(row.date)}, {row.time} Uhr · {persons(row.partySize)}
              </p>
              <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
                <Detail term="Name">{row.name}</Detail>
                <Detail term="E-Mail">{row.email ?? "–"}</Detail>
                <Detail term="Telefon">{row.phone ?? "–"}</Detail>
                <Detail term="Anmerkungen">
                  <span className="whitespace-pre-line">{row.notes ?? "–"}</span>
                </Detail>
                <Detail term="Status">{statusLabels[row.status]}</Detail>
                <Detail term="Angelegt">{formatBerlinDateTime(row.createdAt)}</Detail>
              </dl>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function mailNote(mail: GuestMailRow): string | undefined {
  if (mail.aboutFound) return undefined;
  return mail.reservationGone
    ? "Die Reservierung dazu ist bereits gelöscht."
    : "Gehört zu einer Reservierung mit anderen Kontaktdaten.";
}

export function MailList({ mails, total }: { mails: GuestMailRow[]; total: number }) {
  return (
    <section aria-labelledby="guest-data-mails" className="space-y-3">
      <h3 id="guest-data-mails" className="text-xl font-semibold">
        E-Mails ({total})
      </h3>
      {mails.length === 0 ? (
        <p className="text-muted">Keine E-Mails gespeichert.</p>
      ) : (
        <ul className="space-y-3">
          {mails.map((mail) => (
            <li key={mail.id} className={card}>
              <p className="font-semibold wrap-anywhere">{mail.subject}</p>
              <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
                <Detail term="An">{mail.recipient}</Detail>
                <Detail term="Geschrieben">{formatBerlinDateTime(mail.createdAt)}</Detail>
                <Detail term="Status">
                  {mailStatusLabels[mail.status]}
                  {mail.sentAt ? ` am ${formatBerlinDateTime(mail.sentAt)}` : ""}
                </Detail>
              </dl>
              {mailNote(mail) ? <p className="mt-2 text-sm text-muted">{mailNote(mail)}</p> : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
