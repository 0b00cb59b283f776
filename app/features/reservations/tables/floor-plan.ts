/**
 * 'Tischplan' (decision 0052, docs/product/tables.md): the restaurant's areas, their tables and the
 * tables staff may push together, as the screen, its action and (later) the availability rule see
 * them. Lengths are whole centimetres on the area's plan, rotations whole degrees clockwise about a
 * table's centre. Pure and browser-safe.
 */

export const TABLE_SHAPES = ["round", "square", "rectangle"] as const;
export type TableShape = (typeof TABLE_SHAPES)[number];

export const shapeLabels: Record<TableShape, string> = {
  round: "rund",
  square: "quadratisch",
  rectangle: "rechteckig",
};

export interface AreaClosure {
  id: number;
  from: string;
  to: string;
  note: string;
}

export interface FloorArea {
  id: number;
  name: string;
  onlineBookable: boolean;
  /** The plan's size in centimetres. */
  width: number;
  height: number;
  closures: AreaClosure[];
}

/** Where a table stands: its unrotated top left corner, its size, and its turn about its centre. */
export interface TablePlacement {
  shape: TableShape;
  x: number;
  y: number;
  width: number;
  height: number;
  rotation: number;
}

export interface DiningTable extends TablePlacement {
  id: number;
  areaId: number;
  name: string;
  seatsMin: number;
  seatsMax: number;
  onlineBookable: boolean;
}

export interface TableCombination {
  id: number;
  areaId: number;
  /** At least two, of one area, in the order of their names. */
  tableIds: number[];
  seatsMin: number;
  seatsMax: number;
}

export interface FloorPlan {
  /** In the order staff gave them. */
  areas: FloorArea[];
  /** In the order of their names (numbers by value: '2' before '10'). */
  tables: DiningTable[];
  combinations: TableCombination[];
}

export const planLimits = {
  areaName: 60,
  tableName: 30,
  closureNote: 200,
  /** A plan from 2 m to 50 m on each side. */
  planMin: 200,
  planMax: 5000,
  /** A table from 40 cm to 6 m on each side. */
  tableSizeMin: 40,
  tableSizeMax: 600,
  tableSeatsMax: 40,
  combinationSeatsMax: 99,
  areas: 20,
  tablesPerArea: 150,
  /** What an arrow key moves a table by, and with Shift. */
  step: 10,
  bigStep: 50,
  /** The grid drawn on the plan. */
  grid: 50,
} as const;

/** A new area's plan: 12 m × 8 m. */
export const DEFAULT_PLAN_SIZE = { width: 1200, height: 800 } as const;

const L = planLimits;

export const planMessages = {
  ownersOnly: "Nur Inhaber dürfen den Tischplan ändern.",
  noTablesYet:
    "Noch keine Tische: Wann online noch frei ist, entscheiden die Plätze aus den Reservierungseinstellungen.",
  tablesDecide:
    "Wann noch frei ist, entscheiden die Tische: Jede Reservierung bekommt den kleinsten freien Tisch oder die kleinste Kombination, die passt.",
  areaNameRequired: "Bitte geben Sie einen Namen für den Bereich ein.",
  areaNameTooLong: `Der Name darf höchstens ${L.areaName} Zeichen lang sein.`,
  areaNameTaken: (name: string) => `Es gibt schon einen Bereich „${name}“.`,
  planSize: `Bitte geben Sie eine ganze Zahl von ${L.planMin} bis ${L.planMax} (cm) ein.`,
  planTooSmall: (table: string) => `Tisch ${table} stünde dann außerhalb des Plans.`,
  tooManyAreas: `Es sind höchstens ${L.areas} Bereiche möglich.`,
  areaHasTables: "Der Bereich hat noch Tische. Verschieben oder löschen Sie sie zuerst.",
  areaMissing: "Diesen Bereich gibt es nicht mehr. Bitte laden Sie die Seite neu.",
  tableNameRequired: "Bitte geben Sie einen Namen oder eine Nummer ein.",
  tableNameTooLong: `Der Name darf höchstens ${L.tableName} Zeichen lang sein.`,
  tableNameTaken: (name: string) => `Es gibt schon einen Tisch „${name}“.`,
  areaRequired: "Bitte wählen Sie einen Bereich.",
  seats: (max: number) => `Bitte geben Sie eine ganze Zahl von 1 bis ${max} ein.`,
  seatsOrder: "„Plätze von“ darf nicht größer sein als „Plätze bis“.",
  shapeRequired: "Bitte wählen Sie eine Form.",
  length: `Bitte geben Sie eine ganze Zahl von ${L.tableSizeMin} bis ${L.tableSizeMax} (cm) ein.`,
  position: "Bitte geben Sie eine ganze Zahl (cm) ein.",
  rotation: "Bitte geben Sie eine Drehung von 0 bis 359 Grad ein.",
  offPlan: "Der Tisch liegt außerhalb des Plans.",
  overlaps: (table: string) => `Der Tisch überschneidet sich mit Tisch ${table}.`,
  tooManyTables: `Ein Bereich hat höchstens ${L.tablesPerArea} Tische.`,
  tableMissing: "Diesen Tisch gibt es nicht mehr. Bitte laden Sie die Seite neu.",
  tableChanged:
    "Der Tisch wurde inzwischen in einen anderen Bereich gestellt. Bitte laden Sie die Seite neu.",
  combinationTables: "Eine Kombination besteht aus mindestens zwei Tischen.",
  combinationAreas: "Alle Tische einer Kombination müssen im selben Bereich stehen.",
  combinationTaken: "Diese Kombination gibt es schon.",
  combinationsDropped: (labels: readonly string[]) =>
    labels.length === 1
      ? `Die Kombination ${labels[0]} wurde ebenfalls entfernt.`
      : `Die Kombinationen ${labels.join(", ")} wurden ebenfalls entfernt.`,
  noRoomForCopy: "Auf dem Plan ist kein Platz für eine Kopie dieses Tisches.",
  noNameForCopy:
    "Für eine Kopie findet sich kein freier Name. Bitte legen Sie den Tisch über das Formular an.",
  combinationMissing: "Diese Kombination gibt es nicht mehr. Bitte laden Sie die Seite neu.",
  closureDate: "Bitte geben Sie ein gültiges Datum ein.",
  closureOrder: "„Bis“ darf nicht vor „Von“ liegen.",
  closurePast: "Eine Schließung, die schon vorbei ist, betrifft niemanden.",
  closureNoteTooLong: `Die Notiz darf höchstens ${L.closureNote} Zeichen lang sein.`,
  closureMissing: "Diese Schließung gibt es nicht mehr. Bitte laden Sie die Seite neu.",
  unknownAction: "Diese Änderung kennt der Tischplan nicht. Bitte laden Sie die Seite neu.",
  areaSaved: "Bereich gespeichert",
  areaDeleted: "Bereich gelöscht",
  tableSaved: "Tisch gespeichert",
  tableDeleted: "Tisch gelöscht",
  combinationSaved: "Kombination gespeichert",
  combinationDeleted: "Kombination gelöscht",
  closureSaved: "Schließung gespeichert",
  closureDeleted: "Schließung gelöscht",
  /** A reservation's table stands in an area closed on its date (decision 0053). */
  closedArea: "Tisch in geschlossenem Bereich",
  /** A reservation that holds seats and has no table: saved over a full day ('Trotzdem speichern'). */
  noTable: "Kein Tisch",
  stillReserved: (label: string, reservations: readonly string[]) =>
    `${label} ist noch reserviert: ${reservations.slice(0, 5).join(", ")}${
      reservations.length > 5 ? ` und ${reservations.length - 5} weitere` : ""
    }. Geben Sie diesen Reservierungen zuerst mit „Tisch ändern“ einen anderen Tisch.`,
  // 'Tisch ändern' (decision 0053).
  tableTakenTitle: "Tisch belegt",
  assignAnyway: "Trotzdem zuweisen",
  tableTaken: (label: string, time: string) => `${label} ist um ${time} belegt. Trotzdem zuweisen?`,
  tableTooSmall: (label: string, seats: string) => `${label} ist für ${seats}. Trotzdem zuweisen?`,
  tableClosedOn: (label: string, date: string) => `${label} steht am ${date} in einem geschlossenen Bereich.`,
  tableGone: "Diesen Tisch gibt es nicht mehr. Der Tischplan wurde inzwischen geändert.",
  noTables: "Es sind keine Tische angelegt.",
  notHolding: "Einen Tisch bekommen nur ausstehende, bestätigte und eingetroffene Reservierungen.",
  tableChoice: "Bitte wählen Sie einen Tisch.",
  tableAssigned: (label: string, name: string) => `${label} ist jetzt für ${name} reserviert.`,
  tableChosenAgain: (label: string, name: string) =>
    `Der Tisch für ${name} wird wieder automatisch gewählt: ${label}.`,
  tableFailed: (detail: string) => `Der Tisch konnte nicht geändert werden: ${detail}`,
  autoChoice: "Automatisch (kleinster passender Tisch)",
} as const;

/** A name as compared: 'Terrasse' and ' terrasse ' are one. */
export const nameKey = (name: string): string => name.trim().normalize("NFC").toLocaleLowerCase("de-DE");

/** Table names in the order a host reads them: '2' before '10', 'Fenster 2' before 'Fenster 10'. */
export const byTableName = (a: { name: string }, b: { name: string }): number =>
  tableNameOrder.compare(a.name, b.name);

// One collator for every comparison: `localeCompare` with options builds one per call.
const tableNameOrder = new Intl.Collator("de-DE", { numeric: true, sensitivity: "base" });

/** 'Tisch 4 + 5' */
export const combinationLabel = (combination: TableCombination, tables: readonly DiningTable[]): string =>
  `Tisch ${combination.tableIds
    .map((id) => tables.find((table) => table.id === id)?.name ?? "?")
    .join(" + ")}`;

/** '2–4 Personen', '2 Personen' */
export const seatsLabel = ({ seatsMin, seatsMax }: { seatsMin: number; seatsMax: number }): string =>
  seatsMin === seatsMax
    ? `${seatsMax} ${seatsMax === 1 ? "Person" : "Personen"}`
    : `${seatsMin}–${seatsMax} Personen`;

/** Whether `area` is closed on `date` (a closure covers it), and the closure's note. */
export const areaClosureOn = (area: FloorArea, date: string): AreaClosure | undefined =>
  area.closures.find((closure) => closure.from <= date && date <= closure.to);

/** 'Tisch 4' or 'Tisch 4 + 5' for a unit key ('t4', 'c2'); undefined when the plan has no such unit. */
export function unitLabel(plan: Pick<FloorPlan, "tables" | "combinations">, key: string): string | undefined {
  const id = Number(key.slice(1));
  if (key.startsWith("t")) {
    const table = plan.tables.find((one) => one.id === id);
    return table && `Tisch ${table.name}`;
  }
  const combination = key.startsWith("c") ? plan.combinations.find((one) => one.id === id) : undefined;
  return combination && combinationLabel(combination, plan.tables);
}

/** The tables a unit key ('t4', 'c2') takes; none for a combination the plan does not have. */
export function unitTables(plan: Pick<FloorPlan, "combinations">, key: string): readonly number[] {
  const id = Number(key.slice(1));
  if (key.startsWith("t")) return [id];
  return (key.startsWith("c") && plan.combinations.find((one) => one.id === id)?.tableIds) || [];
}

/** The area a unit key's table or combination stands in. */
export function unitArea(plan: FloorPlan, key: string): FloorArea | undefined {
  const id = Number(key.slice(1));
  const areaId = key.startsWith("t")
    ? plan.tables.find((one) => one.id === id)?.areaId
    : key.startsWith("c")
      ? plan.combinations.find((one) => one.id === id)?.areaId
      : undefined;
  return plan.areas.find((area) => area.id === areaId);
}

/**
 * The restaurant's seats by its tables (decision 0053): all tables' largest party, and of those
 * guests may book online (the table and its area online bookable); undefined without tables. With
 * `date`, only the tables of areas open that date (the terrace in winter holds none).
 */
export function planSeats(
  plan: Pick<FloorPlan, "areas" | "tables">,
  date?: string,
): { total: number; online: number } | undefined {
  if (plan.tables.length === 0) return undefined;
  const onlineAreas = new Set(plan.areas.filter((area) => area.onlineBookable).map((area) => area.id));
  const closed = new Set(
    date === undefined
      ? []
      : plan.areas.filter((area) => areaClosureOn(area, date) !== undefined).map((area) => area.id),
  );
  let total = 0;
  let online = 0;
  for (const table of plan.tables) {
    if (closed.has(table.areaId)) continue;
    total += table.seatsMax;
    if (table.onlineBookable && onlineAreas.has(table.areaId)) online += table.seatsMax;
  }
  return { total, online };
}

/** An area a guest may choose on the form ('Bereichswunsch', decision 0054). */
export interface WishArea {
  id: number;
  name: string;
}

/**
 * The areas guests may choose between, in the host's order: those bookable online with a table
 * guests may book. None when there are fewer than two — there is nothing to choose then.
 */
export function wishAreasOf(plan: FloorPlan): WishArea[] {
  const areas = plan.areas
    .filter((area) => area.onlineBookable)
    .filter((area) => plan.tables.some((table) => table.areaId === area.id && table.onlineBookable))
    .map((area) => ({ id: area.id, name: area.name }));
  return areas.length >= 2 ? areas : [];
}
