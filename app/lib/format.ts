/**
 * German formats used everywhere: euro prices from integer cents, calendar dates in Europe/Berlin
 * (decision 0013).
 */
const euro = new Intl.NumberFormat("de-DE", { style: "currency", currency: "EUR" });

export const formatPrice = (cents: number): string => euro.format(cents / 100);

export const TIME_ZONE = "Europe/Berlin";

/** Today's calendar date in Berlin as YYYY-MM-DD, whatever the server's own time zone. */
export function berlinToday(now = new Date()): string {
  return new Intl.DateTimeFormat("en-CA", {
    timeZone: TIME_ZONE,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(now);
}

/** 'YYYY-MM-DD' as day.month.year ('21.11.2026'). */
export function formatDate(isoDate: string): string {
  const [year, month, day] = isoDate.slice(0, 10).split("-");
  return `${day}.${month}.${year}`;
}

/** The Berlin calendar date of an instant (a stored timestamp) as day.month.year. */
export const formatBerlinDate = (instant: string): string => formatDate(berlinToday(new Date(instant)));

/** A phone number as a tel: link target: digits and a leading plus only. */
export const telHref = (phone: string): string => `tel:${phone.replace(/[^\d+]/g, "")}`;

/** A moment as Berlin staff read it: '25.11.2026, 18:35'. */
export const formatBerlinDateTime = (instant: string): string =>
  new Date(instant).toLocaleString("de-DE", {
    timeZone: TIME_ZONE,
    day: "2-digit",
    month: "2-digit",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
  });
