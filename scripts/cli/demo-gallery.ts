/**
 * Makes the demo gallery (docs/decisions/0019): the project's own drawings (design/bilder/galerie,
 * design/bilder/gerichte) rendered at 1200×900 and put through the upload pipeline itself, so the
 * demo pictures are stored exactly as staff uploads are: app/demo/galerie/ holds the files, and
 * app/demo/gallery-pictures.ts their keys, alt texts and captions. Needs rsvg-convert
 * (`apt-get install librsvg2-bin`). Run: node scripts/cli/demo-gallery.ts
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { processPicture } from "../../app/common/pictures/process-picture.server.ts";

const root = path.resolve(import.meta.dirname, "../..");
const out = path.join(root, "app/demo/galerie");

const pictures = [
  ["galerie/terrasse", "Die Terrasse am Abend unter Lichterketten", "Sommerabende auf der Terrasse"],
  ["gerichte/pizza", "Pizza Margherita mit Basilikum auf einem Holztisch", "Pizza aus dem Holzofen"],
  ["galerie/gastraum", "Der Gastraum mit gedeckten Tischen unter Rundbögen", "Unser Gastraum"],
  ["galerie/holzofen", "Der Holzofen mit Feuer und einer Pizza auf der Schaufel", "Der Holzofen"],
  ["gerichte/pasta", "Spaghetti mit Tomatensauce und Parmesan", null],
  ["galerie/wein", "Eine Flasche Chianti mit zwei Gläsern Rotwein bei Kerzenlicht", "Weine aus der Toskana"],
  ["galerie/zutaten", "Tomaten, Basilikum, Knoblauch und Olivenöl auf einem Brett", "Frische Zutaten"],
  ["gerichte/antipasti", "Bruschetta mit Tomaten und Basilikum auf einem Holzbrett", null],
  ["galerie/pasta-fresca", "Mehl mit Eiern, Tagliatelle-Nester und ein Nudelholz", "Pasta, jeden Tag frisch"],
  ["gerichte/secondi", "Gegrillter Fisch mit Zitrone und Kräutern", null],
  ["galerie/espresso", "Ein Espresso mit Cantuccini auf Marmor", "Zum Schluss ein Espresso"],
  ["gerichte/dolci", "Tiramisù mit Kakao", "Hausgemachtes Tiramisù"],
] as const;

fs.rmSync(out, { recursive: true, force: true });
fs.mkdirSync(out, { recursive: true });
const entries: string[] = [];
for (const [index, [source, alt, caption]] of pictures.entries()) {
  const png = execFileSync("rsvg-convert", [
    "-w",
    "1200",
    "-h",
    "900",
    path.join(root, "design/bilder", `${source}.svg`),
  ]);
  const webp = await sharp(png).webp({ quality: 80 }).toBuffer();
  const number = String(index + 1).padStart(2, "0");
  const picture = await processPicture(webp, `gallery/2026-11-25-demo${number}`);
  for (const file of [picture.original, ...picture.variants]) {
    fs.writeFileSync(path.join(out, path.basename(file.key)), file.data);
  }
  entries.push(
    `  { key: ${JSON.stringify(picture.original.key)}, alt: ${JSON.stringify(alt)}, caption: ${JSON.stringify(caption)} },`,
  );
}
fs.writeFileSync(
  path.join(root, "app/demo/gallery-pictures.ts"),
  `/** The demo gallery, made by scripts/cli/demo-gallery.ts (do not edit by hand): files in app/demo/galerie/. */
export const demoGalleryPictures: ReadonlyArray<{ key: string; alt: string; caption: string | null }> = [
${entries.join("\n")}
];
`,
);
const bytes = fs.readdirSync(out).reduce((sum, file) => sum + fs.statSync(path.join(out, file)).size, 0);
process.stdout.write(
  `${pictures.length} pictures, ${fs.readdirSync(out).length} files, ${Math.round(bytes / 1024)} KB in app/demo/galerie`,
);
