import { expect, scaledTime, test, waitForHydration } from "./fixtures.ts";
import { startSite } from "./support/site.ts";
import { startS3Server } from "../support/s3-server.ts";

/**
 * Pictures in S3 with S3_PUBLIC_URL (decision 0038): the browser loads the gallery straight from the
 * store, the page hydrates with the same addresses the server rendered (no hydration error), and the
 * CSP lets the pictures through.
 */
test("mit S3_PUBLIC_URL lädt die Galerie ihre Bilder direkt aus dem Bildspeicher", async ({ page }) => {
  test.setTimeout(scaledTime(60_000));
  const s3 = await startS3Server({ bucket: "e2e-bilder" });
  const publicUrl = `${s3.endpoint}/${s3.bucket}`;
  const site = await startSite({ ...s3.env, S3_PUBLIC_URL: publicUrl });
  try {
    const problems: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error" || message.type() === "warning") problems.push(message.text());
    });
    page.on("pageerror", (error) => problems.push(error.message));
    const fromStore: number[] = [];
    page.on("response", (response) => {
      if (response.url().startsWith(`${publicUrl}/`)) fromStore.push(response.status());
    });
    await page.goto(`${site.origin}/`);
    await waitForHydration(page);
    await page.locator("#gallery").scrollIntoViewIfNeeded();
    const first = page.locator("#gallery img").first();
    await expect(first).toHaveAttribute("src", new RegExp(`^${publicUrl}/gallery/`));
    await expect
      .poll(() => first.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0))
      .toBe(true);
    expect(fromStore.length).toBeGreaterThan(0);
    expect(fromStore.every((status) => status === 200)).toBe(true);
    // No element links a picture through the server (the loader data keeps the stored addresses).
    const throughServer = await page.evaluate(() =>
      [...document.querySelectorAll("img, a, link")].flatMap((element) =>
        ["src", "srcset", "href", "imagesrcset"]
          .map((name) => element.getAttribute(name) ?? "")
          .filter((value) => value.includes("/bilder/hochgeladen/")),
      ),
    );
    expect(throughServer).toEqual([]);
    expect(problems).toEqual([]);
  } finally {
    await site.stop();
    await s3.stop();
  }
});
