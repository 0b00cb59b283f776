import { describe, expect, it } from "vitest";
import { FIRST_VISIT, guestHistoryLine } from "./guest-history.ts";

describe("the guest history line", () => {
  it("names visits, no-shows and cancellations, leaving out what is zero", () => {
    expect(guestHistoryLine({ visits: 3, noShows: 1, cancelled: 1 })).toBe(
      "3 Besuche · 1 × nicht erschienen · 1 × storniert",
    );
    expect(guestHistoryLine({ visits: 1, noShows: 0, cancelled: 0 })).toBe("1 Besuch");
    expect(guestHistoryLine({ visits: 0, noShows: 2, cancelled: 0 })).toBe("2 × nicht erschienen");
    expect(guestHistoryLine({ visits: 2, noShows: 0, cancelled: 3 })).toBe("2 Besuche · 3 × storniert");
  });

  it("says 'Erster Besuch' for a known guest without history, and nothing without a history", () => {
    expect(guestHistoryLine({ visits: 0, noShows: 0, cancelled: 0 })).toBe(FIRST_VISIT);
    expect(FIRST_VISIT).toBe("Erster Besuch");
    expect(guestHistoryLine(undefined)).toBeUndefined();
  });
});
