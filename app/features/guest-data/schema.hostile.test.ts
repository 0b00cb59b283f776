import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { hostileText } from "../../../tests/support/hostile-input.ts";
import { checkGuestTerm, MAX_TERM_LENGTH } from "./schema.ts";

/** Hostile search terms, property-based: never throws, and what it lets through the database can take. */
const runs = Number(process.env.HOSTILE_RUNS ?? 200);

describe("hostile input to the search of 'Gastdaten'", () => {
  it("never throws; an accepted term is a plain ASCII address or a key of digits", () => {
    fc.assert(
      fc.property(
        fc.oneof(hostileText, fc.constant("anna@example.de"), fc.constant("+49 170 1234567")),
        (value) => {
          const check = checkGuestTerm(value);
          if (!check.ok) return;
          expect(check.term.shown.length).toBeLessThanOrEqual(MAX_TERM_LENGTH);
          // Nothing a statement could choke on (a NUL byte fails a PostgreSQL query outright).
          if (check.term.kind === "email") expect(check.term.email).toMatch(/^[\x21-\x7e]+$/);
          else expect(check.term.key).toMatch(/^\d+$/);
        },
      ),
      { numRuns: runs },
    );
  });
});
