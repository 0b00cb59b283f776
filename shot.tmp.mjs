import { chromium } from "@playwright/test";
const [url, out, width = "1280", full = "1"] = process.argv.slice(2);
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox"] });
const page = await browser.newPage({ viewport: { width: Number(width), height: Number(width) < 600 ? 844 : 800 } });
await page.goto(url, { waitUntil: "networkidle" });
if (process.env.SCROLL) { await page.mouse.wheel(0, Number(process.env.SCROLL)); await page.waitForTimeout(800); }
await page.screenshot({ path: out, fullPage: full === "1" });
await browser.close();
