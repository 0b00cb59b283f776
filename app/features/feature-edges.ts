/**
 * The only imports between features (decision 0047): `a: ["b"]` lets feature `a` use feature `b`
 * through `b`'s front door (`index.ts`, `index.server.ts`). Every feature is listed; the edges form
 * no cycle. An area too large for one folder is split into parts, each a feature of its own with its
 * own door, named `area/part` (the reservations area, decision 0051). `npm run lint` refuses an
 * import along an edge that is not here (lint/feature-boundaries.ts), tests/feature-edges.test.ts
 * checks the list itself and that
 * docs/ARCHITECTURE.md names every edge.
 */
export const featureEdges = {
  "admin-shell": [],
  announcements: [],
  auth: [],
  content: [],
  dashboard: ["menu", "reservations/book"],
  gallery: [],
  "guest-data": ["reservations/book"],
  home: [],
  legal: [],
  menu: [],
  outbox: [],
  "reservations/book": [],
  "reservations/settings": ["reservations/book", "reservations/tables"],
  "reservations/availability": ["reservations/book", "reservations/tables"],
  "reservations/mails": ["reservations/book"],
  "reservations/booking": [
    "reservations/book",
    "reservations/settings",
    "reservations/availability",
    "reservations/mails",
    "reservations/tables",
  ],
  "reservations/guest-self-service": [
    "reservations/book",
    "reservations/availability",
    "reservations/settings",
    "reservations/booking",
    "reservations/mails",
  ],
  "reservations/service": [
    "reservations/book",
    "reservations/availability",
    "reservations/booking",
    "reservations/mails",
    "reservations/tables",
  ],
  "reservations/retention": ["reservations/book", "reservations/settings"],
  "reservations/tables": ["reservations/book"],
  "site-frame": [],
  statistics: ["reservations/book", "reservations/availability"],
} as const satisfies Record<string, readonly string[]>;

export type FeatureEdges = Readonly<Record<string, readonly string[]>>;
