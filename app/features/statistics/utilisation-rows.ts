import type { SeatUtilisation, Service } from "../reservations/availability/index.ts";

/**
 * The seats' utilisation (docs/product/tables.md) as the screen and the CSV both show it: one row
 * per service, then one per area, in seat-hours taken of seat-hours open.
 */

export const serviceLabels: Record<Service, string> = { lunch: "Mittags", evening: "Abends" };

export interface UtilisationRow {
  key: string;
  label: string;
  days: number;
  takenHours: number;
  openHours: number;
  /** Taken of open; null when nothing was open. */
  share: number | null;
}

const hours = (seatMinutes: number) => Math.round(seatMinutes / 60);

export function utilisationRows(utilisation: SeatUtilisation): UtilisationRow[] {
  const row = (key: string, label: string, figure: { days: number; taken: number; open: number }) => ({
    key,
    label,
    days: figure.days,
    takenHours: hours(figure.taken),
    openHours: hours(figure.open),
    share: figure.open === 0 ? null : figure.taken / figure.open,
  });
  return [
    ...utilisation.services.map((figure) => row(figure.service, serviceLabels[figure.service], figure)),
    ...utilisation.areas.map((figure) => row(`area-${figure.id}`, `Bereich ${figure.name}`, figure)),
  ];
}

export const UTILISATION_HEADERS = [
  "Auslastung der Plätze",
  "Geöffnet (Tage)",
  "Belegte Platzstunden",
  "Platzstunden geöffnet",
  "Auslastung",
] as const;
