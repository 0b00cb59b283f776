/**
 * The only imports between features (decision 0047): `a: ["b"]` lets feature `a` use feature `b`
 * through `b`'s front door (`index.ts`, `index.server.ts`). Every feature is listed; the edges form
 * no cycle. `npm run lint` refuses an import along an edge that is not here
 * (lint/feature-boundaries.ts), tests/feature-edges.test.ts checks the list itself and that
 * docs/ARCHITECTURE.md names every edge.
 */
export const featureEdges = {
  "admin-shell": [],
  announcements: [],
  auth: [],
  content: [],
  dashboard: ["menu", "reservations"],
  gallery: [],
  "guest-data": ["reservations"],
  home: [],
  legal: [],
  menu: [],
  outbox: [],
  reservations: [],
  "site-frame": [],
  statistics: ["reservations"],
} as const satisfies Record<string, readonly string[]>;

export type FeatureEdges = Readonly<Record<string, readonly string[]>>;
