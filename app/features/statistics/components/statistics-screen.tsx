import { BarChart3, Download } from "lucide-react";
import { useState, type FormEvent } from "react";
import { Form } from "react-router";
import type { ReservationSource } from "../../../../db/database.types.ts";
import { ErrorList } from "../../../components/forms/field.tsx";
import { Button, buttonVariants } from "../../../components/ui/button.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { Label } from "../../../components/ui/label.tsx";
import { formatDate } from "../../../lib/format.ts";
import { cn } from "../../../lib/utils.ts";
import {
  checkPeriod,
  FROM_PARAM,
  PERIOD_CHOICES,
  PERIOD_PARAM,
  periodChoiceLabels,
  SHOWN_PARAM,
  shownValue,
  TO_PARAM,
  type PeriodChoice,
} from "../schema.ts";
import { SOURCE_ORDER, STATUS_ORDER, type StatisticsLabels } from "../statistics-csv.ts";
import {
  bucketLabel,
  DAYS_UP_TO,
  formatCount,
  formatShare,
  granularityLabels,
  keyFigures,
  WEEKS_UP_TO,
  weekdayName,
  type Statistics,
} from "../counting.ts";
import { BarChart, type ChartSeries } from "./bar-chart.tsx";
import type { SeatUtilisation } from "../../reservations/availability/index.ts";
import { UTILISATION_HEADERS, utilisationRows } from "../utilisation-rows.ts";

export const STATISTICS_PATH = "/admin/statistik";
export const STATISTICS_CSV_PATH = "/admin/statistik/csv";

/** What the route hands the screen: the figures, or the refused period with its message. */
export type StatisticsScreenView =
  | {
      state: "shown";
      period: { choice: PeriodChoice; from: string; to: string };
      query: string;
      statistics: Statistics;
      today: string;
      /** The seats' utilisation; none when it could not be read (the rest is shown without it). */
      utilisation?: SeatUtilisation | undefined;
    }
  | {
      state: "refused";
      check: { message: string; field: "choice" | "from" | "to"; sent: Record<string, string> };
      today: string;
    };

const SERIES: readonly ChartSeries[] = [
  { name: "Reservierungen", fill: "fill-brand-700", swatch: "bg-brand-700" },
  { name: "Gäste", fill: "fill-stone-400", swatch: "bg-stone-400" },
];

const FORM_ERROR_ID = "statistics-period-error";

/**
 * 'Statistik' (decision 0036): the period as a GET form (it works without scripts; with them the
 * browser checks it with the server's schema first), the key figures, the charts with their tables,
 * the shares per source, 'So wird gezählt' and the CSV download.
 */
export function StatisticsScreen({ view, labels }: { view: StatisticsScreenView; labels: StatisticsLabels }) {
  return (
    <div className="space-y-8">
      <PeriodForm key={JSON.stringify(view.state === "shown" ? view.period : view.check.sent)} view={view} />
      {view.state === "shown" ? <Figures view={view} labels={labels} /> : null}
      <CountingNote />
    </div>
  );
}

function PeriodForm({ view }: { view: StatisticsScreenView }) {
  const refusal = view.state === "refused" ? view.check : undefined;
  const [message, setMessage] = useState(refusal?.message);
  const [field, setField] = useState(refusal?.field);
  const sentChoice = refusal?.sent[PERIOD_PARAM];
  const choice: PeriodChoice =
    view.state === "shown"
      ? view.period.choice
      : (PERIOD_CHOICES.find((known) => known === sentChoice) ?? "eigener");
  const from = view.state === "shown" ? view.period.from : (refusal?.sent[FROM_PARAM] ?? "");
  const to = view.state === "shown" ? view.period.to : (refusal?.sent[TO_PARAM] ?? "");
  // A date typed into Von or Bis chooses 'Zeitraum' (the server does the same without scripts).
  const chooseCustom = (event: FormEvent<HTMLInputElement>) => {
    const choices = event.currentTarget.form?.elements.namedItem(PERIOD_PARAM);
    if (choices instanceof RadioNodeList) choices.value = "eigener";
  };
  const invalid = (which: "choice" | "from" | "to") =>
    message !== undefined && field === which ? true : undefined;
  return (
    <Form
      method="get"
      action={STATISTICS_PATH}
      noValidate
      aria-label="Zeitraum wählen"
      className="space-y-4 rounded-lg border border-stone-200 bg-white p-4 shadow-sm"
      onSubmit={(event) => {
        const data = new FormData(event.currentTarget);
        const params = new URLSearchParams();
        for (const name of [PERIOD_PARAM, FROM_PARAM, TO_PARAM, SHOWN_PARAM]) {
          const value = data.get(name);
          if (typeof value === "string") params.set(name, value);
        }
        const check = checkPeriod(params, view.today);
        setMessage(check.ok ? undefined : check.message);
        setField(check.ok ? undefined : check.field);
        if (!check.ok) event.preventDefault();
      }}
    >
      <input type="hidden" name={SHOWN_PARAM} value={shownValue(from, to)} />
      <fieldset aria-describedby={message && field === "choice" ? FORM_ERROR_ID : undefined}>
        <legend className="text-sm font-medium">Zeitraum</legend>
        <div className="mt-2 flex flex-wrap gap-2">
          {PERIOD_CHOICES.map((value) => (
            <label
              key={value}
              className="flex cursor-pointer items-center gap-2 rounded-md border border-stone-300 px-3 py-2 text-sm has-checked:border-brand-700 has-checked:bg-brand-50"
            >
              <input
                type="radio"
                name={PERIOD_PARAM}
                value={value}
                defaultChecked={value === choice}
                className="accent-brand-700"
                onChange={(event) => {
                  // A fixed period chosen after typing dates: the dates shown go back with it.
                  if (value === "eigener") return;
                  const form = event.currentTarget.form;
                  const dates = [form?.elements.namedItem(FROM_PARAM), form?.elements.namedItem(TO_PARAM)];
                  const shown = [from, to];
                  dates.forEach((input, index) => {
                    if (input instanceof HTMLInputElement) input.value = shown[index] ?? "";
                  });
                }}
              />
              {periodChoiceLabels[value]}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="space-y-1">
          <Label htmlFor="statistics-from">Von</Label>
          <Input
            id="statistics-from"
            type="date"
            name={FROM_PARAM}
            onInput={chooseCustom}
            defaultValue={from}
            aria-invalid={invalid("from")}
            aria-describedby={message && field === "from" ? FORM_ERROR_ID : "statistics-dates-note"}
          />
        </div>
        <div className="space-y-1">
          <Label htmlFor="statistics-to">Bis</Label>
          <Input
            id="statistics-to"
            type="date"
            name={TO_PARAM}
            onInput={chooseCustom}
            defaultValue={to}
            aria-invalid={invalid("to")}
            aria-describedby={message && field === "to" ? FORM_ERROR_ID : "statistics-dates-note"}
          />
        </div>
        <Button type="submit">
          <BarChart3 aria-hidden="true" />
          Anzeigen
        </Button>
      </div>
      <p id="statistics-dates-note" className="text-sm text-muted">
        Von und Bis gelten für „Zeitraum“ (beide Tage eingeschlossen, höchstens 5 Jahre).
      </p>
      <div role="alert">
        <ErrorList id={FORM_ERROR_ID} errors={message} />
      </div>
    </Form>
  );
}

/** The bars' axis names about this many at most, so they fit side by side on a phone and in half a desktop. */
const AXIS_LABELS = 6;

function Figures({
  view,
  labels,
}: {
  view: Extract<StatisticsScreenView, { state: "shown" }>;
  labels: StatisticsLabels;
}) {
  const { statistics, query } = view;
  const { granularity, period } = statistics;
  const unit = granularityLabels[granularity];
  const shortLabel = (bucket: string) =>
    granularity === "month" ? `${bucket.slice(5, 7)}/${bucket.slice(2, 4)}` : bucketLabel(bucket, "day");
  return (
    <section aria-labelledby="statistics-figures" className="space-y-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <h2 id="statistics-figures" className="text-2xl font-semibold">
          Vom {formatDate(period.from)} bis {formatDate(period.to)}
        </h2>
        <a
          href={`${STATISTICS_CSV_PATH}?${query}`}
          download
          className={cn(buttonVariants({ variant: "outline" }), "self-start")}
        >
          <Download aria-hidden="true" />
          Als CSV herunterladen
        </a>
      </div>
      <p className="text-sm text-muted">
        {formatCount(statistics.entries)} Einträge im Zeitraum (jeder Status, auch Warteliste und
        anonymisierte).
      </p>
      <dl className="grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-4" aria-label="Kennzahlen">
        {keyFigures(statistics).map((figure) => (
          <div key={figure.label} className="rounded-lg border border-stone-200 bg-white p-4 shadow-sm">
            <dt className="text-sm text-muted">{figure.label}</dt>
            <dd className="mt-1 text-2xl font-bold tabular-nums" data-figure={figure.label}>
              {figure.value}
            </dd>
            <dd className="mt-1 text-sm text-muted">{figure.detail}</dd>
          </div>
        ))}
      </dl>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <div className="lg:col-span-2">
          <BarChart
            title={`Reservierungen und Gäste je ${unit}`}
            series={SERIES}
            headers={[unit, ...SERIES.map((entry) => entry.name)]}
            labelEvery={Math.max(1, Math.ceil(statistics.series.length / AXIS_LABELS))}
            items={statistics.series.map((bar) => ({
              key: bar.bucket,
              short: shortLabel(bar.bucket),
              long: bucketLabel(bar.bucket, granularity, true),
              values: [bar.reservations, bar.guests],
            }))}
          />
        </div>
        <BarChart
          title="Nach Wochentag"
          series={SERIES}
          headers={["Wochentag", ...SERIES.map((entry) => entry.name)]}
          labelEvery={1}
          items={statistics.byWeekday.map((day) => ({
            key: day.weekday,
            short: weekdayName(day.weekday).slice(0, 2),
            long: weekdayName(day.weekday),
            values: [day.reservations, day.guests],
          }))}
        />
        <BarChart
          title="Nach Uhrzeit"
          series={SERIES}
          headers={["Uhrzeit", ...SERIES.map((entry) => entry.name)]}
          labelEvery={Math.max(1, Math.ceil(statistics.byTime.length / AXIS_LABELS))}
          items={statistics.byTime.map((slot) => ({
            key: slot.time,
            short: slot.time,
            long: `${slot.time} Uhr`,
            values: [slot.reservations, slot.guests],
          }))}
        />
      </div>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <ShareTable
          title="Herkunft"
          caption="Anteil je Herkunft an den Buchungen (ohne Warteliste)"
          rows={SOURCE_ORDER.map((source: ReservationSource) => ({
            key: source,
            label: labels.source[source],
            count: statistics.bySource[source].count,
            share: statistics.bySource[source].share,
          }))}
        />
        <ShareTable
          title="Status"
          caption="Einträge je Status"
          rows={STATUS_ORDER.map((status) => ({
            key: status,
            label: labels.status[status],
            count: statistics.byStatus[status],
            share: statistics.entries === 0 ? null : statistics.byStatus[status] / statistics.entries,
          }))}
        />
      </div>
      {view.utilisation ? <UtilisationTable utilisation={view.utilisation} /> : null}
    </section>
  );
}

/**
 * 'Auslastung der Plätze' (docs/product/tables.md): per service and per area, the seat-hours parties
 * took of the seat-hours open.
 */
function UtilisationTable({ utilisation }: { utilisation: SeatUtilisation }) {
  const rows = utilisationRows(utilisation);
  return (
    // Scrolled sideways on a phone: the keyboard reaches it too.
    <div
      className="min-w-0 overflow-x-auto rounded-lg border border-stone-200 bg-white p-4 shadow-sm focus-visible:outline-2 focus-visible:outline-brand-600"
      tabIndex={0}
      role="region"
      aria-label="Auslastung der Plätze"
    >
      <table className="w-full text-left text-sm tabular-nums">
        <caption className="mb-2 text-left text-base font-semibold">
          Auslastung der Plätze
          <span className="block text-sm font-normal text-muted">
            Belegte Platzstunden (Gäste mal Aufenthaltsdauer, innerhalb der Öffnungszeiten) von den
            Platzstunden der Öffnungszeit:
            {utilisation.seats === null
              ? ""
              : ` je Service mit ${formatCount(utilisation.seats)} Plätzen gesamt,`}{" "}
            je Bereich mit den Plätzen seiner Tische. Gerechnet mit den heutigen Plätzen und Tischen.
          </span>
        </caption>
        <thead>
          <tr className="border-b border-stone-200">
            {UTILISATION_HEADERS.map((header, index) => (
              <th key={header} scope="col" className={cn("py-1.5 pr-3", index > 0 && "text-right")}>
                {index === 0 ? <span className="sr-only">{header}</span> : header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={UTILISATION_HEADERS.length} className="py-1.5">
                Ohne „Plätze gesamt“ in den Reservierungseinstellungen und ohne Tische lässt sich keine
                Auslastung berechnen.
              </td>
            </tr>
          ) : (
            rows.map((row) => (
              <tr
                key={row.key}
                className="border-b border-stone-100 last:border-0"
                data-utilisation={row.label}
              >
                <th scope="row" className="py-1.5 pr-3 font-normal">
                  {row.label}
                  <span className="mt-1 block h-1.5 rounded-full bg-stone-100" aria-hidden="true">
                    <span
                      className="block h-1.5 rounded-full bg-brand-700"
                      style={{ width: `${Math.min(100, Math.round((row.share ?? 0) * 100))}%` }}
                    />
                  </span>
                </th>
                <td className="py-1.5 pr-3 text-right">{formatCount(row.days)}</td>
                <td className="py-1.5 pr-3 text-right">{formatCount(row.takenHours)}</td>
                <td className="py-1.5 pr-3 text-right">{formatCount(row.openHours)}</td>
                <td className="py-1.5 text-right">{formatShare(row.share)}</td>
              </tr>
            ))
          )}
        </tbody>
      </table>
      {utilisation.unknownDays > 0 ? (
        <p className="mt-2 text-sm text-muted">
          {utilisation.unknownDays === 1
            ? "1 Tag ohne lesbare Öffnungszeiten ist nicht mitgezählt."
            : `${formatCount(utilisation.unknownDays)} Tage ohne lesbare Öffnungszeiten sind nicht mitgezählt.`}
        </p>
      ) : null}
    </div>
  );
}

/** A small table of counts with their shares, each with a bar drawn in CSS (the number says it all). */
function ShareTable({
  title,
  caption,
  rows,
}: {
  title: string;
  caption: string;
  rows: Array<{ key: string; label: string; count: number; share: number | null }>;
}) {
  return (
    <div className="min-w-0 rounded-lg border border-stone-200 bg-white p-4 shadow-sm">
      <table className="w-full text-left text-sm tabular-nums">
        <caption className="mb-2 text-left text-base font-semibold">
          {title}
          <span className="block text-sm font-normal text-muted">{caption}</span>
        </caption>
        <thead className="sr-only">
          <tr>
            <th scope="col">{title}</th>
            <th scope="col">Anzahl</th>
            <th scope="col">Anteil</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key} className="border-b border-stone-100 last:border-0">
              <th scope="row" className="py-1.5 pr-3 font-normal">
                {row.label}
                <span className="mt-1 block h-1.5 rounded-full bg-stone-100" aria-hidden="true">
                  <span
                    className="block h-1.5 rounded-full bg-brand-700"
                    style={{ width: `${Math.round((row.share ?? 0) * 100)}%` }}
                  />
                </span>
              </th>
              <td className="py-1.5 pr-3 text-right">{formatCount(row.count)}</td>
              <td className="py-1.5 text-right">{formatShare(row.share)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** 'So wird gezählt': the definitions of decision 0036, in the owner's words. */
function CountingNote() {
  return (
    <section aria-labelledby="statistics-counting" className="rounded-lg bg-stone-100 p-4 text-sm">
      <h2 id="statistics-counting" className="text-base font-semibold">
        So wird gezählt
      </h2>
      <ul className="mt-2 list-disc space-y-1 pl-5">
        <li>
          Gezählt werden alle Einträge, deren Reservierungsdatum im Zeitraum liegt – auch anonymisierte (sie
          behalten Datum, Uhrzeit, Personenzahl, Status und Herkunft).
        </li>
        <li>
          <strong>Reservierungen</strong> und <strong>Gäste</strong> (die Personenzahl): Einträge mit Status
          Bestätigt, Ausstehend, Eingetroffen oder Abgeschlossen – also Besuche, die stattfanden oder noch
          erwartet werden. Storniert, Nicht erschienen und Warteliste zählen hier nicht.
        </li>
        <li>
          <strong>Nicht erschienen</strong>: Anteil „Nicht erschienen“ an den reservierten Besuchen (ohne
          Laufkundschaft), deren Uhrzeit vorbei ist und die weder storniert sind noch auf der Warteliste
          stehen.
        </li>
        <li>
          <strong>Storniert</strong>: Anteil an den Buchungen (alle Einträge ohne Warteliste und
          Laufkundschaft). „Vom Gast“ heißt: über seinen Link storniert; alles andere hat das Restaurant
          storniert.
        </li>
        <li>
          <strong>Herkunft</strong>: Anteil an allen Einträgen ohne Warteliste.{" "}
          <strong>Automatisch bestätigt</strong>: Anteil der Online-Anfragen (jeder Status), die die
          Einstellungen sofort bestätigt haben.
        </li>
        <li>
          <strong>Vorlauf</strong>: Zeit vom Eingang der Reservierung bis zum reservierten Termin (Berliner
          Zeit), über alle Einträge außer Laufkundschaft; nachträglich eingetragene zählen mit 0.
        </li>
        <li>
          Die Balken zeigen bis {DAYS_UP_TO} Tage je Tag, bis {WEEKS_UP_TO} Tage je Woche (ab Montag), darüber
          je Monat.
        </li>
        <li>
          <strong>Auslastung der Plätze</strong>: belegte Platzstunden (Gäste mal Aufenthaltsdauer, nur
          innerhalb der Öffnungszeiten; Bestätigt, Ausstehend, Eingetroffen, Abgeschlossen) von den
          Platzstunden der Öffnungszeit (Plätze gesamt mal Öffnungszeit; mittags bis 16 Uhr, abends danach).
          Je Bereich zählen die Gäste an seinen Tischen und die Plätze seiner Tische an den Tagen, an denen er
          nicht geschlossen ist.
        </li>
      </ul>
    </section>
  );
}
