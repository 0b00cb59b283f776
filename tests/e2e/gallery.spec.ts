import fs from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import sharp from "sharp";
import {
  accessibilityViolations,
  collectConsoleErrors,
  expect,
  test,
  toastRegion,
  waitForHydration,
} from "./fixtures.ts";
import { storedKeysOf } from "../../app/common/pictures/uploaded-pictures.ts";
import { cameraPhoto, filesUnder, plainPng } from "../support/pictures.ts";

/**
 * 'Galerie verwalten' and the public gallery: uploads with progress, hide, reorder, alt text,
 * delete with the files; every refused file with its message. On an empty site of its own.
 */
const GALLERY_ADMIN = "/admin/gallery";
const fileChooser = (page: Page) => page.getByLabel("Bilder zum Hochladen auswählen");
const card = (page: Page, name: string) => page.getByRole("article", { name });
const cards = (page: Page) => page.getByRole("main").getByRole("article");

test.describe("Galerie verwalten", () => {
  test.use({ siteEnv: { DEMO_CONTENT: "off" } });

  test("zwei Bilder hochladen, verstecken, sortieren, Alt-Text ändern, löschen", async ({
    page,
    signIn,
    site,
    browser,
  }) => {
    await signIn(page);
    const consoleErrors = collectConsoleErrors(page);
    await page.goto(GALLERY_ADMIN);
    await waitForHydration(page);
    await expect(page.getByText("Keine Bilder vorhanden")).toBeVisible();
    await expect(page.getByRole("button", { name: "Erstes Bild hochladen" })).toBeVisible();
    await expect(page.getByText("0 Bilder in der Galerie")).toBeVisible();

    await fileChooser(page).setInputFiles([
      { name: "terrasse-am-abend.jpg", mimeType: "image/jpeg", buffer: await cameraPhoto() },
      { name: "pizza-ofen.png", mimeType: "image/png", buffer: await plainPng() },
    ]);
    const uploads = page.getByRole("list", { name: "Hochladen" });
    await expect(uploads.getByRole("progressbar", { name: "terrasse-am-abend.jpg hochladen" })).toBeVisible();
    await expect(uploads.getByText("Hochgeladen")).toHaveCount(2, { timeout: 15_000 });
    await expect(page.getByText("2 Bilder in der Galerie")).toBeVisible();
    await expect(toastRegion(page).getByText("Bild hinzugefügt").first()).toBeVisible();
    await expect(cards(page)).toHaveCount(2);
    await expect(card(page, "terrasse am abend")).toContainText("Sichtbar");
    await expect(card(page, "terrasse am abend")).toContainText("Reihenfolge: 1");
    await expect(card(page, "pizza ofen")).toContainText("Reihenfolge: 2");
    expect(await accessibilityViolations(page)).toEqual([]);

    // What guests get has no GPS (nor any other EXIF), in every size.
    await page.goto("/");
    const gallery = page.locator("#gallery");
    await expect(gallery.getByRole("link", { name: /terrasse am abend/ })).toBeVisible();
    const shown = gallery.getByRole("img", { name: "terrasse am abend" });
    const sources = [
      (await shown.getAttribute("src")) ?? "",
      ...((await shown.getAttribute("srcset")) ?? "")
        .split(",")
        .map((entry) => entry.trim().split(" ")[0] ?? ""),
    ];
    expect(sources.length).toBeGreaterThan(2);
    for (const source of sources) {
      const response = await page.request.get(source);
      expect(response.status(), source).toBe(200);
      expect(response.headers()["cache-control"]).toContain("immutable");
      const metadata = await sharp(await response.body()).metadata();
      expect(metadata.exif, source).toBeUndefined();
    }

    // Hidden: gone from the public gallery.
    await page.goto(GALLERY_ADMIN);
    await waitForHydration(page);
    await card(page, "pizza ofen").getByRole("button", { name: "pizza ofen verstecken" }).click();
    await expect(card(page, "pizza ofen")).toContainText("Versteckt");
    await page.goto("/");
    await expect(page.locator("#gallery").getByRole("img", { name: "terrasse am abend" })).toBeVisible();
    await expect(page.locator("#gallery").getByRole("img", { name: "pizza ofen" })).toHaveCount(0);

    // Reorder: the second moves to the front; the full order is saved.
    await page.goto(GALLERY_ADMIN);
    await waitForHydration(page);
    await card(page, "pizza ofen").getByRole("button", { name: "pizza ofen nach vorne verschieben" }).click();
    await expect(toastRegion(page).getByText("Reihenfolge gespeichert")).toBeVisible();
    await expect(cards(page).first()).toHaveAccessibleName("pizza ofen");
    await expect(card(page, "pizza ofen")).toContainText("Reihenfolge: 1");

    // Alt text: required, then saved.
    await card(page, "pizza ofen").getByRole("button", { name: "pizza ofen bearbeiten" }).click();
    const dialog = page.getByRole("dialog", { name: "Bild bearbeiten" });
    await dialog.getByLabel("Alt-Text *").fill("  ");
    await dialog.getByRole("button", { name: "Speichern" }).click();
    await expect(dialog.getByText("Alt-Text ist erforderlich")).toBeVisible();
    await expect(dialog.getByLabel("Alt-Text *")).toBeFocused();
    await dialog.getByLabel("Alt-Text *").fill("Der Holzofen mit Pizza");
    await dialog.getByLabel("Bildunterschrift").fill("Unser Ofen");
    await dialog.getByRole("switch", { name: /Veröffentlicht/ }).check();
    await dialog.getByRole("button", { name: "Speichern" }).click();
    await expect(toastRegion(page).getByText("Bild aktualisiert")).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(card(page, "Unser Ofen")).toContainText("Der Holzofen mit Pizza");
    await expect(card(page, "Unser Ofen")).toContainText("Sichtbar");

    // Delete: the row and every file of the picture.
    const stored = path.join(site.dataDir, "pictures");
    const before = filesUnder(stored).length;
    expect(before).toBeGreaterThanOrEqual(6);
    await card(page, "Unser Ofen").getByRole("button", { name: "Unser Ofen löschen" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Bild löschen?" });
    await confirm.getByRole("button", { name: "Endgültig löschen" }).click();
    await expect(toastRegion(page).getByText("Bild gelöscht")).toBeVisible();
    await expect(page.getByText("1 Bild in der Galerie")).toBeVisible();
    // What is left on disk is exactly the other picture's files.
    const remaining = await site.db.selectFrom("gallery_images").select("storage_path").execute();
    expect(remaining).toHaveLength(1);
    expect(
      filesUnder(stored)
        .map((file) => file.split(path.sep).join("/"))
        .sort(),
    ).toEqual(storedKeysOf(remaining[0]?.storage_path ?? "").sort());
    expect(consoleErrors).toEqual([]);

    // A picture whose files are gone (a lost backup): the card shows a placeholder, not a broken image.
    // (In a fresh browser: this one keeps the pictures it has seen, as it should with immutable caching.)
    for (const key of storedKeysOf(remaining[0]?.storage_path ?? "")) fs.rmSync(path.join(stored, key));
    const fresh = await browser.newContext();
    await signIn(fresh);
    const freshPage = await fresh.newPage();
    await freshPage.goto(`${site.origin}${GALLERY_ADMIN}`);
    const preview = card(freshPage, "terrasse am abend").getByRole("img", { name: "terrasse am abend" });
    await expect.poll(() => preview.evaluate((element) => element.tagName)).toBe("DIV");
    await fresh.close();
  });
});
