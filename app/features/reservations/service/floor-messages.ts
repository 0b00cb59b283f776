import { personsLabel } from "../book/index.ts";

/** What the plan view of 'Service' says (decision 0057). Browser-safe. */
export const floorMessages = {
  listView: "Liste",
  planView: "Plan",
  viewChoice: "Ansicht",
  noTables: "Noch keine Tische angelegt: Die Planansicht zeigt sie, sobald der Tischplan Tische hat.",
  closedArea: (note: string | undefined) => `Heute geschlossen${note ? `: ${note}` : ""}.`,
  freeUntil: (time: string) => `frei bis ${time}`,
  freeAllEvening: "frei für den Rest des Tages",
  untilStay: (time: string) => `Aufenthalt bis ${time}`,
  nextParty: (time: string, name: string) => `danach ${time} Uhr: ${name}`,
  doubleBooked: "doppelt belegt",
  tableFree: "Tisch frei",
  changeTable: "Tisch wechseln",
  walkInHere: "Laufkundschaft hier",
  seatHere: "Hier setzen",
  proposals: "Vorgeschlagene Tische",
  noProposal: (size: number) => `Für ${personsLabel(size)} ist gerade kein passender Tisch frei.`,
  proposeFor: "Tisch vorschlagen",
  otherDayNoTaps: "Die Tische zeigen den Stand zu Beginn des Tages; Gäste setzen Sie am Tag selbst.",
  legend:
    "Weiß: frei; gelb: reserviert; grün: belegt; orange: bald frei; rot: überzogen. Jeder Zustand steht auch als Text am Tisch.",
  questionTitle: "Tisch belegt",
  seatAnyway: "Trotzdem setzen",
  taken: (label: string, name: string, size: number, since: string) =>
    `${label} ist noch belegt: ${name}, ${personsLabel(size)}, seit ${since} Uhr. Trotzdem hier setzen?`,
  due: (label: string, name: string, size: number, time: string) =>
    `${label} ist für ${time} Uhr reserviert: ${name}, ${personsLabel(size)}. Trotzdem hier setzen?`,
  reservedFrom: (label: string, name: string, size: number, time: string) =>
    `${label} ist ab ${time} Uhr reserviert: ${name}, ${personsLabel(size)}. Trotzdem hier setzen?`,
  tooSmall: (label: string, seats: string) => `${label} ist für ${seats}. Trotzdem hier setzen?`,
  unknownTable: "Diesen Tisch gibt es nicht mehr. Der Tischplan wurde inzwischen geändert.",
  closedTable: (label: string) => `${label} steht heute in einem geschlossenen Bereich.`,
  walkInSeated: (size: number, label: string) => `Laufkundschaft an ${label}: ${personsLabel(size)}.`,
  // 'Warteliste vor Ort'
  doorTitle: "Warteliste vor Ort",
  doorHint:
    "Gäste ohne Reservierung, die auf einen Tisch warten. Die Liste gilt nur für heute und wird danach gelöscht.",
  // Labels of their own: the walk-in form above has 'Personen' and 'Name (optional)'.
  doorName: "Gast",
  doorPartySize: "Gäste",
  doorPhone: "Telefon (optional)",
  doorNote: "Notiz (optional)",
  doorSubmit: "Auf die Warteliste",
  doorEmpty: "Niemand wartet.",
  doorAdded: (name: string, size: number) => `${name} (${personsLabel(size)}) wartet auf einen Tisch.`,
  doorGone: "Von der Warteliste genommen.",
  doorBack: "Wieder auf der Warteliste.",
  doorChanged: "Die Warteliste wurde inzwischen geändert. Die Liste zeigt den aktuellen Stand.",
  doorLeft: "Gegangen",
  waitingSince: (time: string) => `wartet seit ${time} Uhr`,
  tableReady: (label: string) => `Tisch bereit: ${label}`,
  seatAt: (label: string) => `An ${label} setzen`,
  noFittingTable: "Für diese Personenzahl passt kein Tisch.",
} as const;
