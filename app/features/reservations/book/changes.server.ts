/**
 * What is free changed: a reservation was stored, changed or deleted, or the settings saved. The
 * availability answers kept in memory (`GET /api/verfuegbarkeit`, decision 0031) are kept with the
 * count they were read at and not given out after a change, so this process never answers from
 * before a write. Other processes sharing the database keep theirs for at most a few seconds. A count
 * rather than a call into the answers' memory: the writers sit below the availability API.
 */
let changes = 0;

/** Called after every write that changes what is free. */
export function noteFreeSeatsChanged(): void {
  changes += 1;
}

/** How many such writes this process has made. */
export const freeSeatsChanges = (): number => changes;
