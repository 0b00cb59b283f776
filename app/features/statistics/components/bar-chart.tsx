import { useId } from "react";
import { formatCount } from "../counting.ts";

/** One bar group: its name on the axis, its full name in the table, one value per series. */
export interface ChartItem {
  key: string;
  short: string;
  long: string;
  values: readonly number[];
}

export interface ChartSeries {
  name: string;
  /** Tailwind fill and background classes of the bars and the legend's swatch. */
  fill: string;
  swatch: string;
}

const HEIGHT = 200;
const TOP = 16;
const AXIS = 24;

/**
 * A round upper end for the axis, at least `value`, whose half is a whole number too (the middle
 * line's label): an even number up to 10, then 1, 2, 3, 4, 6 or 8 times a power of ten (from 100 on
 * also 1.5 times), so the highest bar reaches well up.
 */
export function niceCeiling(value: number): number {
  if (value <= 10) return Math.max(2, Math.ceil(value / 2) * 2);
  const power = 10 ** Math.floor(Math.log10(value));
  const steps = power >= 100 ? [1, 1.5, 2, 3, 4, 6, 8, 10] : [1, 2, 3, 4, 6, 8, 10];
  const step = steps.find((factor) => factor * power >= value) ?? 10;
  return Math.round(step * power);
}

const percent = (value: number) => `${value.toFixed(3)}%`;

/**
 * A bar chart drawn on the server as SVG (decision 0036): no library, no scripts. Widths are
 * percentages of the figure and heights pixels, so the bars fill a phone's 390 px and a desktop's
 * width while the text keeps its size. For screen readers the SVG is one image named by its title,
 * with the largest value as its description; every number is in the table under 'Als Tabelle'.
 */
export function BarChart({
  title,
  items,
  series,
  labelEvery,
  headers,
}: {
  title: string;
  items: readonly ChartItem[];
  series: readonly ChartSeries[];
  /** Every how many items the axis names one (the table names all). */
  labelEvery: number;
  /** The table's column headers: the items' column, then one per series. */
  headers: readonly string[];
}) {
  const id = useId();
  const titleId = `${id}-title`;
  const descriptionId = `${id}-description`;
  const max = niceCeiling(Math.max(0, ...items.flatMap((item) => item.values)));
  const plot = HEIGHT - TOP - AXIS;
  const slot = 100 / Math.max(1, items.length);
  const gap = items.length > 40 ? 0.1 : 0.2;
  const barWidth = (slot * (1 - gap)) / series.length;
  const peak = series.map((entry, index) => {
    const best = items.reduce<ChartItem | undefined>(
      (top, item) => ((item.values[index] ?? 0) > (top?.values[index] ?? 0) ? item : top),
      undefined,
    );
    return best
      ? `${entry.name}: höchstens ${formatCount(best.values[index] ?? 0)} (${best.long})`
      : `${entry.name}: keine`;
  });
  return (
    <figure className="min-w-0 rounded-lg border border-stone-200 bg-white p-4 shadow-sm">
      <figcaption className="font-semibold">{title}</figcaption>
      <ul className="mt-1 flex flex-wrap gap-x-4 text-sm text-muted" aria-hidden="true">
        {series.map((entry) => (
          <li key={entry.name} className="flex items-center gap-1.5">
            <span className={`inline-block size-3 rounded-sm ${entry.swatch}`} />
            {entry.name}
          </li>
        ))}
      </ul>
      <svg
        role="img"
        aria-labelledby={`${titleId} ${descriptionId}`}
        width="100%"
        height={HEIGHT}
        className="mt-2 block overflow-visible"
      >
        <title id={titleId}>{title}</title>
        <desc id={descriptionId}>{`${peak.join("; ")}. Alle Werte in der Tabelle darunter.`}</desc>
        {[0, 0.5, 1].map((fraction) => {
          const y = TOP + plot * (1 - fraction);
          return (
            <g key={fraction}>
              <line x1="0" x2="100%" y1={y} y2={y} className="stroke-stone-200" strokeWidth="1" />
              {fraction > 0 ? (
                <text x="0" y={y - 3} className="fill-stone-600 text-[11px]">
                  {formatCount(Math.round(max * fraction))}
                </text>
              ) : null}
            </g>
          );
        })}
        {items.map((item, itemIndex) => (
          <g key={item.key}>
            {series.map((entry, seriesIndex) => {
              const value = item.values[seriesIndex] ?? 0;
              const height = (plot * value) / max;
              return (
                <rect
                  key={entry.name}
                  x={percent(itemIndex * slot + (slot * gap) / 2 + seriesIndex * barWidth)}
                  width={percent(barWidth)}
                  y={TOP + plot - height}
                  height={height}
                  className={entry.fill}
                />
              );
            })}
            {itemIndex % labelEvery === 0 ? (
              <text
                x={percent(itemIndex * slot + slot / 2)}
                y={HEIGHT - 6}
                textAnchor="middle"
                className="fill-stone-700 text-[11px]"
              >
                {item.short}
              </text>
            ) : null}
          </g>
        ))}
      </svg>
      <details className="mt-2 text-sm">
        <summary className="cursor-pointer text-brand-700 underline-offset-2 hover:underline">
          Als Tabelle
        </summary>
        {/* Scrolls when long: focusable, so a keyboard can scroll it too. */}
        <div
          className="mt-2 max-h-96 overflow-auto"
          tabIndex={0}
          role="region"
          aria-label={`${title}: Tabelle`}
        >
          <table className="w-full text-left tabular-nums">
            <caption className="sr-only">{title}</caption>
            <thead>
              <tr className="border-b border-stone-200">
                {headers.map((header, index) => (
                  <th key={header} scope="col" className={index === 0 ? "py-1 pr-4" : "py-1 pr-4 text-right"}>
                    {header}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {items.map((item) => (
                <tr key={item.key} className="border-b border-stone-100">
                  <th scope="row" className="py-1 pr-4 font-normal">
                    {item.long}
                  </th>
                  {item.values.map((value, index) => (
                    <td key={series[index]?.name ?? index} className="py-1 pr-4 text-right">
                      {formatCount(value)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
