import type { Page } from "@playwright/test";
import {
  readFloorPlan,
  saveArea,
  saveTable,
} from "../../app/features/reservations/tables/plan-store.server.ts";
import { accessibilityViolations, expect, test, toastRegion, waitForHydration } from "./fixtures.ts";
import { signInAsStaff } from "./support/staff.ts";
import { removeFloorPlan } from "../support/tables.ts";

/**
 * 'Tischplan' (decision 0052): an owner draws the plan with forms, the keyboard, the mouse and a
 * finger, and it is kept; other staff see it and cannot change it. Each test has a site of its own.
 */
test.use({ ownSite: true });
// The plan is drawn here from nothing, not over the demo's.
test.beforeEach(async ({ site }) => removeFloorPlan(site.db));

const PATH = "/admin/tischplan";

const tableOnPlan = (page: Page, name: string) =>
  page.getByRole("group", { name: /^Plan / }).locator(`[data-table="${name}"]`);

async function addTable(page: Page, fields: { name: string; x: string; y: string; shape?: string }) {
  const form = page.getByRole("form", { name: "Neuer Tisch" });
  await form.getByLabel("Name oder Nummer").fill(fields.name);
  if (fields.shape) await form.getByLabel("Form").selectOption({ label: fields.shape });
  await form.getByLabel("Von links (cm)").fill(fields.x);
  await form.getByLabel("Von oben (cm)").fill(fields.y);
  await form.getByRole("button", { name: "Tisch anlegen" }).click();
  await expect(toastRegion(page).getByText("Tisch gespeichert").last()).toBeVisible();
}

test("an owner draws a plan with forms, keys and the mouse, and it is kept", async ({
  page,
  signIn,
  site,
}) => {
  await signIn(page);
  await page.goto("/admin");
  await page.getByRole("navigation", { name: "Betrieb" }).getByRole("link", { name: "Tischplan" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Tischplan" })).toBeVisible();
  await waitForHydration(page);
  await expect(page.getByText(/Noch keine Tische/)).toBeVisible();

  const areaForm = page.getByRole("form", { name: "Neuer Bereich" });
  await areaForm.getByLabel("Name").fill("Innenraum");
  await areaForm.getByRole("button", { name: "Bereich anlegen" }).click();
  await expect(
    page.getByRole("navigation", { name: "Bereiche" }).getByRole("link", { name: "Innenraum" }),
  ).toHaveAttribute("aria-current", "page");

  await addTable(page, { name: "4", x: "100", y: "100" });
  // The new table is selected: its own form is open.
  await expect(page.getByRole("heading", { name: "Tisch 4" })).toBeVisible();
  await page.getByRole("link", { name: "Neuen Tisch anlegen" }).click();
  await addTable(page, { name: "5", x: "300", y: "100", shape: "rund" });

  // Overlap is refused beside the field, with the other table named.
  await page.getByRole("link", { name: "Neuen Tisch anlegen" }).click();
  const form = page.getByRole("form", { name: "Neuer Tisch" });
  await form.getByLabel("Name oder Nummer").fill("6");
  await form.getByLabel("Von links (cm)").fill("120");
  await form.getByLabel("Von oben (cm)").fill("120");
  await form.getByRole("button", { name: "Tisch anlegen" }).click();
  await expect(form.getByText("Der Tisch überschneidet sich mit Tisch 4.")).toBeVisible();
  // Checked in the browser before sending, with the server's own schema.
  await form.getByLabel("Plätze von").fill("6");
  await form.getByRole("button", { name: "Tisch anlegen" }).click();
  await expect(form.getByText("„Plätze von“ darf nicht größer sein als „Plätze bis“.")).toBeVisible();
  await expect(form.getByLabel("Plätze bis")).toBeFocused();

  // The keyboard: select table 4 on the plan, move it 50 cm right and 10 cm down. (The click lands on
  // the table's handle, which lies over its link once the scripts run.)
  await tableOnPlan(page, "4").click({ force: true });
  await expect(page.getByRole("heading", { name: "Tisch 4" })).toBeVisible();
  await tableOnPlan(page, "4").focus();
  await page.keyboard.press("Shift+ArrowRight");
  await page.keyboard.press("ArrowDown");
  await expect
    .poll(async () => (await readFloorPlan(site.db)).tables.find((t) => t.name === "4"))
    .toMatchObject({
      x: 150,
      y: 110,
    });
  await expect(page.getByLabel("Von links (cm)")).toHaveValue("150");
  await expect(page.getByText("Tisch 4: 150 cm von links, 110 cm von oben")).toBeAttached();

  // The mouse: drag table 5 about a metre down.
  const box = await tableOnPlan(page, "5").boundingBox();
  const svg = await page.getByRole("group", { name: "Plan Innenraum" }).boundingBox();
  if (!box || !svg) throw new Error("the plan is not drawn");
  const pixelsPerCm = svg.width / 1200;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2 + 50 * pixelsPerCm, { steps: 4 });
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2 + 100 * pixelsPerCm, { steps: 4 });
  await page.mouse.up();
  await expect
    .poll(async () => (await readFloorPlan(site.db)).tables.find((t) => t.name === "5")?.y)
    .toBeGreaterThanOrEqual(190);

  // A combination of the two.
  const combination = page.getByRole("form", { name: "Neue Kombination" });
  await combination.getByLabel("Tisch 4").check();
  await combination.getByLabel("Tisch 5").check();
  await combination.getByLabel("Plätze von").fill("5");
  await combination.getByLabel("Plätze bis").fill("8");
  await combination.getByRole("button", { name: "Kombination anlegen" }).click();
  await expect(page.getByText("Tisch 4 + 5")).toBeVisible();

  await page.reload();
  await expect(tableOnPlan(page, "4")).toBeVisible();
  await expect(page.getByText("2 Tische mit 8 Plätzen, davon 8 online buchbar")).toBeVisible();
  expect(await accessibilityViolations(page)).toEqual([]);
  await page.screenshot({ path: test.info().outputPath("tischplan-1280.png"), fullPage: true });

  // A phone: the plan scrolls sideways in its box, the page does not.
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  expect(await accessibilityViolations(page)).toEqual([]);
  await page.screenshot({ path: test.info().outputPath("tischplan-390.png"), fullPage: true });
});

test("a finger drags a table on a phone", async ({ browser, site, signIn }) => {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    hasTouch: true,
    isMobile: true,
  });
  const page = await context.newPage();
  const { db } = site;
  await signIn(context);
  // Set up through the product's own store.
  const area = await saveArea(
    db,
    { input: { name: "Terrasse", online: true, plan_width: 1200, plan_height: 800 } },
    "e2e",
  );
  if (!area.ok) throw new Error("no area");
  const table = await saveTable(
    db,
    {
      areaId: area.id,
      input: {
        name: "T1",
        seats_min: 2,
        seats_max: 2,
        shape: "square",
        x: 100,
        y: 100,
        width: 80,
        height: 80,
        rotation: 0,
        online: true,
      },
    },
    "e2e",
  );
  if (!table.ok) throw new Error("no table");
  await page.goto(`${PATH}?bereich=${area.id}`);
  await waitForHydration(page);
  const box = await tableOnPlan(page, "T1").boundingBox();
  if (!box) throw new Error("the table is not drawn");
  const cdp = await context.newCDPSession(page);
  // Down as well as sideways: a finger moving down over a plan's shape would pan the page instead.
  const at = (dx: number) => [{ x: box.x + box.width / 2 + dx, y: box.y + box.height / 2 + dx }];
  await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: at(0) });
  for (const dx of [10, 30, 60, 90])
    await cdp.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: at(dx) });
  await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
  await expect.poll(async () => (await readFloorPlan(db)).tables[0]?.x).toBeGreaterThan(140);
  expect((await readFloorPlan(db)).tables[0]?.y).toBeGreaterThan(140);
  await context.close();
});

test("staff see the plan and cannot change it; a forged change is refused", async ({ page, site }) => {
  await signInAsStaff(site, page.context());
  await page.goto(PATH);
  await expect(page.getByText("Nur Inhaber dürfen den Tischplan ändern.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Bereich anlegen" })).toHaveCount(0);
  const response = await page.request.post(PATH, {
    form: { intent: "area-save", name: "Keller", online: "on", plan_width: "1200", plan_height: "800" },
    headers: { Origin: site.origin },
  });
  expect(response.status()).toBe(403);
  // The owners' refusal, not the guard against other sites'.
  expect(await response.text()).toContain("Nur Inhaber dürfen den Tischplan ändern.");
  expect((await readFloorPlan(site.db)).areas).toEqual([]);
  // 'Neuer Bereich' is an owner's: for anyone else the address shows the first area.
  await saveArea(
    site.db,
    { input: { name: "Innenraum", online: true, plan_width: 1200, plan_height: 800 } },
    "e2e",
  );
  await page.goto(`${PATH}?bereich=neu`);
  await expect(page.getByRole("group", { name: "Plan Innenraum" })).toBeVisible();
});

test("the plan is drawn and changed without JavaScript too", async ({ browser, site, signIn }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  await signIn(context);
  const page = await context.newPage();
  await page.goto(PATH);
  const areaForm = page.getByRole("form", { name: "Neuer Bereich" });
  await areaForm.getByLabel("Name").fill("Terrasse");
  await areaForm.getByRole("button", { name: "Bereich anlegen" }).click();
  await expect(page.getByText("Bereich gespeichert")).toBeVisible();
  await addTableWithoutScripts(page, "T1", "100");
  await expect(page.getByRole("heading", { name: "Tisch T1" })).toBeVisible();
  // Refused: the typed values come back with the message.
  await page.getByRole("link", { name: "Neuen Tisch anlegen" }).click();
  await addTableWithoutScripts(page, "T2", "120");
  await expect(
    page.getByRole("form", { name: "Neuer Tisch" }).getByText("Der Tisch überschneidet sich mit Tisch T1."),
  ).toBeVisible();
  await expect(page.getByLabel("Name oder Nummer")).toHaveValue("T2");
  expect((await readFloorPlan(site.db)).tables.map((table) => table.name)).toEqual(["T1"]);
  await context.close();
});

async function addTableWithoutScripts(page: Page, name: string, x: string) {
  const form = page.getByRole("form", { name: "Neuer Tisch" });
  await form.getByLabel("Name oder Nummer").fill(name);
  await form.getByLabel("Von links (cm)").fill(x);
  await form.getByLabel("Von oben (cm)").fill(x);
  await form.getByRole("button", { name: "Tisch anlegen" }).click();
}
