import { cn } from "../../../../lib/utils.ts";
import type { DayCapacity, DaySummary, ServiceTotal } from "../../availability/index.ts";

const guests = (count: number) => `${count} ${count === 1 ? "Gast" : "Gäste"}`;
const seats = (count: number) => `${count} ${count === 1 ? "Platz" : "Plätze"}`;
const totalLine = ({ reservations, guests: people }: ServiceTotal) =>
  `${reservations} ${reservations === 1 ? "Reservierung" : "Reservierungen"}, ${guests(people)}`;

/**
 * The day at a glance beside the list, and at the end of the printed day list: guests per time
 * (confirmed and still pending) and totals per service, with the parties already arrived among them
 * (decision 0037). Cancelled reservations, no-shows and the waitlist do not count; no-shows and the
 * waitlist are named apart. With online seats set (decision 0031) each time also shows the seats held then against
 * them — 'Überbucht' in words where more are held — and each service its free seats.
 */
export function DaySummaryPanel({ summary, capacity }: { summary: DaySummary; capacity?: DayCapacity }) {
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
              <th scope="col" className="py-1 pl-2 text-right font-medium">
                Gäste
              </th>
              <th scope="col" className="py-1 pl-2 text-right font-medium">
                davon bestätigt
              </th>
              {capacity ? (
                <th scope="col" className="py-1 pl-2 text-right font-medium">
                  Belegt
                </th>
              ) : null}
            </tr>
          </thead>
          <tbody>
            {summary.slots.map((slot) => {
              const load = capacity?.slots[slot.time];
              return (
                <tr
                  key={slot.time}
                  className={cn(
                    "border-b border-stone-100 last:border-0",
                    load?.overbooked && "bg-brand-50 text-brand-800",
                  )}
                >
                  <th scope="row" className="py-1 text-left font-medium whitespace-nowrap">
                    {slot.time} Uhr
                  </th>
                  <td className="py-1 text-right tabular-nums">{slot.guests}</td>
                  <td className={cn("py-1 text-right tabular-nums", !load?.overbooked && "text-muted")}>
                    {slot.confirmedGuests}
                  </td>
                  {capacity && load ? (
                    <td className="py-1 pl-2 text-right tabular-nums">
                      <span className="whitespace-nowrap">
                        {load.held} / {seats(capacity.onlineSeats)}
                      </span>
                      {load.overbooked ? (
                        <span className="mt-0.5 block text-xs font-semibold uppercase">Überbucht</span>
                      ) : null}
                    </td>
                  ) : null}
                </tr>
              );
            })}
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
        {summary.arrived.reservations > 0 ? (
          <div className="flex justify-between gap-2">
            <dt className="font-medium">davon eingetroffen</dt>
            <dd>{totalLine(summary.arrived)}</dd>
          </div>
        ) : null}
      </dl>
      {summary.noShow.reservations > 0 ? (
        <p className="mt-3 border-t border-stone-200 pt-3 text-sm font-medium text-orange-950">
          Nicht erschienen: {totalLine(summary.noShow)}
        </p>
      ) : null}
      {capacity ? (
        <dl className="mt-3 space-y-1 border-t border-stone-200 pt-3 text-sm">
          <div className="flex justify-between gap-2">
            <dt className="font-medium">Frei mittags</dt>
            <dd>
              {capacity.free.lunch} von {capacity.onlineSeats} Plätzen
            </dd>
          </div>
          <div className="flex justify-between gap-2">
            <dt className="font-medium">Frei abends</dt>
            <dd>
              {capacity.free.evening} von {capacity.onlineSeats} Plätzen
            </dd>
          </div>
        </dl>
      ) : null}
      {summary.waitlist.reservations > 0 ? (
        <p className="mt-3 border-t border-stone-200 pt-3 text-sm font-medium text-sky-900">
          {summary.waitlist.reservations} auf der Warteliste ({guests(summary.waitlist.guests)})
        </p>
      ) : null}
    </aside>
  );
}
