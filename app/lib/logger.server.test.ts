import { describe, expect, it } from "vitest";
import { createLogger, redactGuestLinks } from "./logger.server.ts";

const token = "TrIlyjKcJN2E9Waj7JopqRFAdPPcBqhb";

function capture() {
  const lines: string[] = [];
  const logger = createLogger("debug", (_level, line) => lines.push(line));
  return { logger, lines };
}

describe("guests' links in the log (decision 0033)", () => {
  it("are redacted in every line and field, however the path was spelled", () => {
    const { logger, lines } = capture();
    // The not-found route logs the raw path; these spellings reach the guest's page too.
    logger.warn("page not found", { path: `/reservierung/${token}/x` });
    logger.info("request", { path: `/RESERVIERUNG/${token}` });
    logger.info("request", { path: `/Reservierung/${token}.data` });
    logger.info("request", { path: `/%72eservierung/${token}` });
    logger.info("request", { path: `/reservierung%2F${token}?aendern` });
    logger.info("request", { url: `https://tavola.example/%52ESERVIERUNG/${token}` });
    logger.error("request failed", {
      error: new Error(`could not render /Reservierung/${token}`),
      nested: { referrer: `https://tavola.example/reservierung/${token}#top` },
    });
    logger.warn(`message naming /reservierung/${token}`);
    expect(lines).toHaveLength(8);
    for (const line of lines) {
      expect(line).not.toContain(token);
      expect(line).toContain("/reservierung/…");
    }
    // Error stacks name the message too: they are redacted with it.
    expect(JSON.parse(lines[6] ?? "{}").error.stack).toContain("/reservierung/…");
  });

  it("leaves every other path as it is", () => {
    expect(redactGuestLinks("/reservieren?datum=2026-12-24")).toBe("/reservieren?datum=2026-12-24");
    expect(redactGuestLinks("/admin/reservations")).toBe("/admin/reservations");
    expect(redactGuestLinks("/reservierung")).toBe("/reservierung");
  });
});
