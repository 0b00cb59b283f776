import type { Page } from "@playwright/test";
import {
  MAX_PICTURE_BYTES,
  UPLOAD_ANSWER_MS,
  UPLOAD_STALL_MS,
  uploadMessages,
} from "../../app/common/pictures/picture-upload.ts";
import { accessibilityViolations, expect, test, toastRegion, waitForHydration } from "./fixtures.ts";
import { cameraPhoto, plainPng, pngClaiming } from "../support/pictures.ts";

/**
 * Pictures beyond 'Galerie verwalten': every refused file with its message, the upload endpoint's
 * locks, the public gallery's lightbox, a showcase dish's picture from the gallery, the content
 * tabs' uploads, and deleting a picture that is still in use.
 */
const fileChooser = (page: Page) => page.getByLabel("Bilder zum Hochladen auswählen");

test.describe("Galerie: abgewiesene Dateien", () => {
  test.use({ siteEnv: { DEMO_CONTENT: "off" } });

  test("jede abgewiesene Datei zeigt ihre Meldung, nichts wird gespeichert", async ({
    page,
    signIn,
    site,
  }) => {
    await signIn(page);
    await page.goto("/admin/gallery");
    await waitForHydration(page);
    const photo = await cameraPhoto();
    const refused: Array<[{ name: string; mimeType: string; buffer: Buffer }, string, string]> = [
      [
        { name: "notiz.jpg", mimeType: "image/jpeg", buffer: Buffer.from("Nur Text.") },
        "Ungültiger Dateityp",
        "notiz.jpg ist kein Bild.",
      ],
      [
        {
          name: "logo.svg",
          mimeType: "image/svg+xml",
          buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
        },
        "Ungültiger Dateityp",
        "logo.svg ist kein Bild.",
      ],
      [
        {
          name: "seite.png",
          mimeType: "image/png",
          buffer: Buffer.from("<!DOCTYPE html><script>alert(1)</script>"),
        },
        "Ungültiger Dateityp",
        "seite.png ist kein Bild.",
      ],
      [
        { name: "halb.jpg", mimeType: "image/jpeg", buffer: photo.subarray(0, Math.floor(photo.length / 3)) },
        "Ungültiger Dateityp",
        "halb.jpg ist kein Bild.",
      ],
      [
        { name: "gross.jpg", mimeType: "image/jpeg", buffer: Buffer.alloc(11 * 1024 * 1024, 1) },
        "Datei zu groß",
        "gross.jpg ist größer als 10 MB.",
      ],
      [
        { name: "bombe.png", mimeType: "image/png", buffer: pngClaiming(20000, 20000) },
        "Datei zu groß",
        "bombe.png hat zu viele Bildpunkte (höchstens 40 Megapixel).",
      ],
      [
        { name: "leer.jpg", mimeType: "image/jpeg", buffer: Buffer.alloc(0) },
        "Ungültiger Dateityp",
        "leer.jpg ist leer.",
      ],
    ];
    for (const [file, title, message] of refused) {
      await fileChooser(page).setInputFiles([file]);
      const toast = toastRegion(page).getByRole("listitem").filter({ hasText: message });
      await expect(toast, message).toBeVisible({ timeout: 15_000 });
      await expect(toast).toContainText(title);
    }
    await expect(page.getByText("0 Bilder in der Galerie")).toBeVisible();
    expect(await site.db.selectFrom("gallery_images").selectAll().execute()).toEqual([]);
  });

  test("der Upload verlangt eine Anmeldung, eine Datei und dieselbe Herkunft", async ({
    page,
    signIn,
    site,
    sameOrigin,
  }) => {
    const url = "/admin/bilder/hochladen?ziel=galerie";
    const png = await plainPng();
    const signedOut = await page.request.post(url, { headers: sameOrigin, data: png });
    expect(signedOut.status()).toBe(401);
    await signIn(page);
    const foreign = await page.request.post(url, { headers: { Origin: "https://boese.example" }, data: png });
    expect(foreign.status()).toBe(403);
    const empty = await page.request.post(url, { headers: sameOrigin });
    expect(empty.status()).toBe(400);
    expect(await empty.json()).toMatchObject({ ok: false, message: "Bitte wählen Sie eine Bilddatei aus." });
    // Over 10 MB: refused before the body is read, with the title 'Datei zu groß' for the browser to show.
    const large = await page.request.post(url, {
      headers: sameOrigin,
      data: Buffer.alloc(MAX_PICTURE_BYTES + 1, 1),
    });
    expect(large.status()).toBe(413);
    const unknownTarget = await page.request.post("/admin/bilder/hochladen?ziel=../../etc", {
      headers: sameOrigin,
      data: png,
    });
    expect(unknownTarget.status()).toBe(400);
    expect(await site.db.selectFrom("gallery_images").selectAll().execute()).toEqual([]);
    const accepted = await page.request.post(url, {
      headers: { ...sameOrigin, "X-Dateiname": encodeURIComponent("../../x.png") },
      data: png,
    });
    expect(accepted.status()).toBe(201);
    expect((await accepted.json()).address).toMatch(
      /^\/bilder\/hochgeladen\/gallery\/[a-z0-9-]+-900x600\.png$/,
    );
  });
});

test.describe("Galerie auf der Startseite", () => {
  test("Seiten zu 8 Bildern; die Lightbox öffnet und schließt auf alle drei Arten, Pfeiltasten blättern", async ({
    page,
  }) => {
    await page.goto("/");
    await waitForHydration(page);
    const gallery = page.getByRole("region", { name: "Bilder aus unserem Restaurant" });
    await gallery.scrollIntoViewIfNeeded();
    const firstPage = gallery.getByRole("group", { name: "Seite 1 von 2" });
    await expect(firstPage.getByRole("link")).toHaveCount(8);
    // The first page's pictures are in the server's HTML, with their size and a small variant.
    const html = await (await page.request.get("/")).text();
    expect(html).toContain("Die Terrasse am Abend unter Lichterketten");
    const first = firstPage.getByRole("img", { name: "Die Terrasse am Abend unter Lichterketten" });
    await expect(first).toHaveAttribute("loading", "lazy");
    await expect(first).toHaveAttribute("width", "1200");
    await expect(first).toHaveAttribute("srcset", /480w/);

    // Before the scripts, the link opens the large picture itself.
    await expect(firstPage.getByRole("link", { name: /Die Terrasse am Abend/ })).toHaveAttribute(
      "href",
      /-1200w\.webp$/,
    );
    const opener = firstPage.getByRole("link", {
      name: "Bild vergrößern: Die Terrasse am Abend unter Lichterketten",
    });
    await opener.click();
    const lightbox = page.getByRole("dialog", { name: "Bild in voller Größe" });
    await expect(
      lightbox.getByRole("img", { name: "Die Terrasse am Abend unter Lichterketten" }),
    ).toBeVisible();
    await expect(lightbox).toContainText("Bild 1 von 12");
    await page.keyboard.press("ArrowRight");
    await expect(lightbox).toContainText("Bild 2 von 12");
    await page.keyboard.press("ArrowLeft");
    await page.keyboard.press("ArrowLeft");
    await expect(lightbox).toContainText("Bild 12 von 12");
    // Focus stays inside.
    for (let step = 0; step < 5; step += 1) {
      await page.keyboard.press("Tab");
      expect(await lightbox.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    }
    // Closed on the last picture: the gallery turns to its page, and the keyboard is on its link.
    await page.keyboard.press("Escape");
    await expect(lightbox).toBeHidden();
    await expect(gallery.getByRole("link", { name: "Bild vergrößern: Tiramisù mit Kakao" })).toBeFocused();
    await gallery.getByRole("button", { name: "Vorherige" }).click();
    await expect(opener).toBeVisible();

    await opener.click();
    await expect(lightbox).toBeVisible();
    await lightbox.getByRole("button", { name: "Dialog schließen" }).click();
    await expect(lightbox).toBeHidden();

    await opener.click();
    await expect(lightbox).toBeVisible();
    await page.mouse.click(5, 5);
    await expect(lightbox).toBeHidden();
    expect(await accessibilityViolations(page)).toEqual([]);
  });
});

test.describe("Bilder in Menu Items und Website-Inhalte", () => {
  test.use({ ownSite: true });

  test("ein Menu Item bekommt sein Bild aus der Galerie; die Startseite zeigt es in Varianten", async ({
    page,
    signIn,
  }) => {
    await signIn(page);
    await page.goto("/admin/menu-items");
    await waitForHydration(page);
    await page
      .getByRole("article", { name: "Bruschetta Classica" })
      .getByRole("button", { name: "Edit Bruschetta Classica" })
      .click();
    const dialog = page.getByRole("dialog", { name: "Edit Menu Item" });
    await dialog.getByRole("button", { name: "Choose from gallery" }).click();
    await dialog
      .getByRole("list", { name: "Gallery pictures" })
      .getByRole("button", { name: "Choose Die Terrasse am Abend unter Lichterketten" })
      .click();
    const address = await dialog.getByRole("textbox", { name: /Image/ }).inputValue();
    expect(address).toMatch(/^\/bilder\/hochgeladen\/gallery\/.+-1200x900\.webp$/);
    expect(await accessibilityViolations(page)).toEqual([]);
    await dialog.getByRole("button", { name: "Save" }).click();
    await expect(dialog).toBeHidden();

    await page.goto("/");
    const dish = page
      .locator("#menu")
      .getByRole("group")
      .filter({ hasText: "Bruschetta Classica" })
      .locator("img");
    await expect(dish).toHaveAttribute("srcset", /-480w\.webp 480w/);
    await expect(dish).toHaveAttribute("src", address.replace(/-1200x900\.webp$/, "-1200w.webp"));

    // Deleting the picture warns where it is used; afterwards the dish shows the placeholder.
    await page.goto("/admin/gallery");
    await waitForHydration(page);
    const card = page.getByRole("article", { name: "Sommerabende auf der Terrasse" });
    await expect(card).toContainText("Menu Items › Bruschetta Classica");
    await card.getByRole("button", { name: "Sommerabende auf der Terrasse löschen" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Bild löschen?" });
    await expect(confirm).toContainText("Achtung: Das Bild wird noch verwendet");
    await confirm.getByRole("button", { name: "Endgültig löschen" }).click();
    await expect(toastRegion(page).getByText("Bild gelöscht")).toBeVisible();
    await page.goto("/");
    await expect(
      page
        .locator("#menu")
        .getByRole("group", { name: /^Bruschetta Classica,/ })
        .locator("img"),
    ).toHaveCount(0);
    const broken = await page.request.get(address);
    expect(broken.status()).toBe(404);
  });

  test("Website-Inhalte: Hero-Hintergrund hochladen, mit Hinweis und Alert für Nicht-Bilder; vorgeladen in passender Größe", async ({
    page,
    signIn,
  }) => {
    await signIn(page);
    await page.goto("/admin/content");
    await waitForHydration(page);
    await page.getByRole("tab", { name: "Hero", exact: true }).click();
    const panel = page.getByRole("tabpanel");
    await expect(panel.getByText("PNG, JPG, GIF bis 10MB")).toBeVisible();
    const upload = panel.locator('input[type="file"]');
    await upload.setInputFiles([
      { name: "speisen.pdf", mimeType: "application/pdf", buffer: Buffer.from("%PDF-1.4") },
    ]);
    await expect(panel.getByRole("alert")).toHaveText("Bitte wählen Sie eine Bilddatei aus.");
    await upload.setInputFiles([
      {
        name: "Abend Terrasse.jpg",
        mimeType: "image/jpeg",
        buffer: await cameraPhoto({ colour: "#203050", width: 2400, height: 1600 }),
      },
    ]);
    const field = panel.getByRole("textbox", { name: /Hintergrundbild/ });
    await expect(field).toHaveValue(
      /^\/bilder\/hochgeladen\/inhalte\/hero-\d+-abend-terrasse-[0-9a-f]{16}-2400x1600\.jpg$/,
      { timeout: 15_000 },
    );
    await expect(panel.getByRole("alert")).toHaveCount(0);
    await panel.getByRole("button", { name: "Speichern", exact: true }).click();
    await expect(toastRegion(page).getByText("Inhalt gespeichert")).toBeVisible();

    const address = await field.inputValue();
    const html = await (await page.request.get("/")).text();
    const stem = address.replace(/-2400x1600\.jpg$/, "");
    expect(html).toMatch(
      new RegExp(
        `<link rel="preload" [^>]*imageSrcSet="[^"]*${stem.replaceAll("/", "\\/")}-480w\\.webp 480w`,
        "i",
      ),
    );
    await page.goto("/");
    const hero = page.locator("#home img").first();
    await expect(hero).toHaveAttribute("sizes", "(min-aspect-ratio: 2400/1600) 100vw, 150vh");
    expect(await hero.evaluate((img: HTMLImageElement) => img.currentSrc)).toContain(`${stem}-`);
  });
});

test.describe("Galerie: ein Upload, der stockt", () => {
  test.use({ siteEnv: { DEMO_CONTENT: "off" } });

  test("endet mit einer deutschen Meldung im Bildschirm, und nichts ist gespeichert", async ({
    page,
    signIn,
    site,
  }) => {
    await page.clock.install();
    await signIn(page);
    await page.goto("/admin/gallery");
    await waitForHydration(page);
    // The server (or the line to it) never answers: the request is held and never let through.
    let held = false;
    await page.route("**/admin/bilder/hochladen*", () => {
      held = true;
    });
    await fileChooser(page).setInputFiles([
      { name: "stockt.jpg", mimeType: "image/jpeg", buffer: await cameraPhoto() },
    ]);
    await expect.poll(() => held).toBe(true);
    await page.clock.runFor(UPLOAD_STALL_MS + UPLOAD_ANSWER_MS + 1000);
    await expect(page.getByText(uploadMessages.stalled).first()).toBeVisible();
    await expect(page.getByText("0 Bilder in der Galerie")).toBeVisible();
    expect(await site.db.selectFrom("gallery_images").selectAll().execute()).toEqual([]);
    await page.unrouteAll({ behavior: "ignoreErrors" });
  });
});
