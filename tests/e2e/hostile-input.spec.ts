import fc from "fast-check";
import { hostileText } from "../support/hostile-input.ts";
import { expect, test } from "./fixtures.ts";

/**
 * Hostile input at every door, over HTTP, property-based: random and adversarial bodies — forms with
 * fields missing, doubled, overlong, full of control characters, JSON where a form is expected,
 * garbage of any content type — sent to every action, the guests' and (signed in) the staff's.
 * Whatever comes, the answer is never a server error. The form-level properties (what is stored,
 * which message) are the features' own tests (`*.hostile.test.ts`, `hostile-input.server.test.ts`).
 */
test.use({ ownSite: true });

const RUNS = Number(process.env.HOSTILE_RUNS ?? 12);

const fieldNames = fc.oneof(
  fc.constantFrom(
    "intent",
    "id",
    "ids",
    "name",
    "email",
    "phone",
    "date",
    "time",
    "party_size",
    "notes",
    "request_token",
    "website",
    "username",
    "password",
    "status",
    "customer_name",
    "reservation_date",
    "reservation_time",
    "title",
    "content",
    "announcements",
    "tab",
    "price",
    "description",
    "category_id",
    "allergens",
    "caption",
    "alt_text",
    "is_published",
    "image_url",
    "order",
    "current",
    "repeat",
    "code",
    "session",
    "role",
    "policy",
  ),
  fc.string({ maxLength: 12 }),
);
const policies = fc.constantFrom("off", "owners", "everyone");
const intents = fc.constantFrom(
  "create",
  "update",
  "delete",
  "status",
  "save",
  "move",
  "toggle",
  "retry",
  "password",
  "end-session",
  "end-other-sessions",
  "totp-begin",
  "totp-confirm",
  "totp-disable",
  "recovery-renew",
  "reset-password",
  "reset-second-factor",
  "remove",
  "second-factor",
  "second-factor-policy",
  "restart",
  "x",
);
const formEntries = fc.array(
  fc.tuple(fieldNames, fc.oneof(hostileText, intents, policies, fc.integer().map(String))),
  {
    maxLength: 12,
  },
);

/** A request body and its content type, as a broken client or an attacker might send it. */
const body = fc.oneof(
  formEntries.map((entries) => ({
    type: "application/x-www-form-urlencoded",
    data: new URLSearchParams(entries).toString(),
  })),
  formEntries.map((entries) => ({ type: "json", data: JSON.stringify(Object.fromEntries(entries)) })),
  fc.jsonValue().map((value) => ({ type: "application/json", data: JSON.stringify(value) })),
  hostileText.map((text) => ({ type: "text/plain", data: text })),
  fc.constant({ type: "application/x-www-form-urlencoded", data: "" }),
  fc.constant({
    type: "multipart/form-data; boundary=kaputt",
    data: '--kaputt\r\nContent-Disposition: form-data; name="x"\r\n\r\n',
  }),
);

const guestDoors = [
  "/?index",
  "/_.data?index",
  "/login",
  "/passwort-vergessen",
  "/speisekarte",
  "/gibt-es-nicht",
];
const staffDoors = [
  "/admin",
  "/admin/mitteilungen",
  "/admin/content",
  "/admin/reservations",
  "/admin/reservations/e-mails",
  "/admin/speisekarte",
  "/admin/wochenkarte",
  "/admin/menu-items",
  "/admin/gallery",
  "/admin/bilder/hochladen?ziel=galerie",
  "/admin/reservations.data",
  "/admin/konto",
  "/admin/konto.data",
  "/admin/konten",
  "/admin/konten.data",
];

test("no door answers a hostile request with a server error", async ({ page, signIn, site }) => {
  test.slow();
  await signIn(page);
  const failures: string[] = [];
  for (const door of [...guestDoors, ...staffDoors]) {
    await fc.assert(
      fc.asyncProperty(body, fc.boolean(), async ({ type, data }, sameOrigin) => {
        const response = await page.request.post(door, {
          headers: {
            "content-type": type === "json" ? "application/x-www-form-urlencoded" : type,
            ...(sameOrigin ? { origin: site.origin } : {}),
          },
          data,
          maxRedirects: 0,
          failOnStatusCode: false,
        });
        if (response.status() >= 500)
          failures.push(`${door} ${type} ${response.status()}: ${data.slice(0, 200)}`);
        expect(response.status(), `${door} (${type}): ${data.slice(0, 200)}`).toBeLessThan(500);
      }),
      { numRuns: RUNS },
    );
  }
  expect(failures).toEqual([]);
});
