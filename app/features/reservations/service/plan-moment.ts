import type { ReservationStatus } from "../book/index.ts";
import type { FloorPlan } from "../tables/index.ts";

/**
 * The day on the plan (`/admin/tischplan?datum=&zeit=`, docs/product/tables.md): who holds which
 * table at one moment of one day, as the screen receives it. Browser-safe.
 */

/** A party at its table (or without one) at the moment shown. */
export interface PlanOccupant {
  id: number;
  name: string;
  partySize: number;
  time: string;
  status: ReservationStatus;
  /** 'Tisch 4', 'Tisch 4 + 5', or 'Kein Tisch'. */
  label: string;
  /** The table or combination ('t4', 'c2'); none: it has no table. */
  unit?: string;
  /** The place's version for 'Tisch ändern' ('' for none). */
  version: string;
  /** The tables it takes. */
  tableIds: readonly number[];
  /** Its table stands in an area closed that day ('Tisch in geschlossenem Bereich'). */
  closedArea: boolean;
}

export interface PlanMoment {
  date: string;
  /** 'HH:MM' */
  time: string;
  today: string;
  plan: FloorPlan;
  /** Holding at `time`, in the order of their times. */
  occupants: PlanOccupant[];
  /** Per table id: the time the next party holding it arrives later that day. */
  nextArrivals: Record<number, string>;
  /** The tables and combinations staff may choose ('Tisch ändern'). */
  choices: Array<{ key: string; label: string }>;
}

/** The moment's address: `/admin/tischplan?datum=2026-11-28&zeit=19:30` (and the area shown). */
export const planMomentHref = (date: string, time: string, area?: number) =>
  `/admin/tischplan?datum=${date}&zeit=${encodeURIComponent(time)}${area === undefined ? "" : `&bereich=${area}`}`;
