import type { DaySummary, ServiceTotal } from "../../day-summary.ts";

const guests = (count: number) => `${count} ${count === 1 ? "Gast" : "Gäste"}`;
const totalLine = ({ reservations, guests: people }: ServiceTotal) =>
  `${reservations} ${reservations === 1 ? "Reservierung" : "Reservierungen"}, ${guests(people)}`;

/**
 * The day at a glance beside the list, and at the end of the printed day list: guests per time
 * (confirmed and still pending) and totals per service. Cancelled reservations do not count.
 */
export function DaySummaryPanel({ summary }: { summary: DaySummary }) {
  return (
    <aside
      aria-labelledby="day-summary-heading"
      className="h-fit rounded-lg border border-stone-200 bg-white p-4 shadow-sm lg:sticky lg:top-4 print:mt-6 print:border-stone-400 print:shadow-none"
    >
      <h3 id="day-summary-heading" className="font-sans text-base font-semibold">
        Gäste pro Uhrzeit
      </h3>
      {summary.slots.length === 0 ? (
        <p className="mt-2 text-sm text-muted">Keine aktiven Reservierungen an diesem Tag.</p>
      ) : (
        <table className="mt-3 w-full text-sm">
          <thead>
            <tr className="border-b border-stone-200 text-left text-xs text-muted uppercase">
              <th scope="col" className="py-1 font-medium">
                Uhrzeit
              </th>
              <th scope="col" className="py-1 text-right font-medium">
                Gäste
              </th>
              <th scope="col" className="py-1 text-right font-medium">
                davon bestätigt
              </th>
            </tr>
          </thead>
          <tbody>
            {summary.slots.map((slot) => (
              <tr key={slot.time} className="border-b border-stone-100 last:border-0">
                <th scope="row" className="py-1 text-left font-medium">
                  {slot.time} Uhr
                </th>
                <td className="py-1 text-right tabular-nums">{slot.guests}</td>
                <td className="py-1 text-right text-muted tabular-nums">{slot.confirmedGuests}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <dl className="mt-4 space-y-1 border-t border-stone-200 pt-3 text-sm">
        <div className="flex justify-between gap-2">
          <dt className="font-medium">Mittag</dt>
          <dd>{totalLine(summary.lunch)}</dd>
        </div>
        <div className="flex justify-between gap-2">
          <dt className="font-medium">Abend</dt>
          <dd>{totalLine(summary.evening)}</dd>
        </div>
        <div className="flex justify-between gap-2 font-semibold">
          <dt>Gesamt</dt>
          <dd>{totalLine(summary.total)}</dd>
        </div>
      </dl>
    </aside>
  );
}
