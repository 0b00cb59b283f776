/**
 * A guest's earlier visits as staff read them on a reservation's card and in the service view
 * (decision 0037): '3 Besuche · 1 × nicht erschienen · 1 × storniert'. Computed from the stored
 * reservations each time (`guestHistories` in guest-visits.server.ts), never stored. Browser-safe.
 */

/** What a guest's earlier reservations add up to. */
export interface GuestHistory {
  /** Arrived, completed, or confirmed with its time passed (decision 0037). */
  visits: number;
  /** 'Nicht erschienen'. */
  noShows: number;
  /** 'Storniert'. */
  cancelled: number;
}

/** Said when a guest who can be recognised (by e-mail or phone) has no earlier visit at all. */
export const FIRST_VISIT = "Erster Besuch";

/**
 * '1 Besuch', '3 Besuche · 1 × nicht erschienen · 1 × storniert': each part only when it is not zero,
 * 'Erster Besuch' when all are. Undefined without a history: a reservation without e-mail or usable
 * phone number cannot be matched with anything, so nothing is claimed about it.
 */
export function guestHistoryLine(history: GuestHistory | undefined): string | undefined {
  if (history === undefined) return undefined;
  const parts: string[] = [];
  if (history.visits > 0) parts.push(`${history.visits} ${history.visits === 1 ? "Besuch" : "Besuche"}`);
  if (history.noShows > 0) parts.push(`${history.noShows} × nicht erschienen`);
  if (history.cancelled > 0) parts.push(`${history.cancelled} × storniert`);
  return parts.length === 0 ? FIRST_VISIT : parts.join(" · ");
}
