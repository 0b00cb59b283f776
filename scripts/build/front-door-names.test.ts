import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createFrontDoorNames, frontDoor } from "./front-door-names.ts";

/** What the guests' chunks follow through a feature's front door (vite.config.ts, decision 0047). */
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "front-door-"));
const door = path.join(dir, "app/features/menu/index.ts");
const page = path.join(dir, "app/routes/site/page.tsx");
fs.mkdirSync(path.dirname(door), { recursive: true });
fs.mkdirSync(path.dirname(page), { recursive: true });
fs.writeFileSync(
  door,
  [
    'export { MenuPage, type MenuView } from "./components/menu-page.tsx";',
    'export { SpeisekarteAdmin as MenuAdmin } from "./components/admin/speisekarte-admin.tsx";',
    'export {\n  ALLERGENS,\n  ADDITIVES,\n} from "./marks.ts";',
  ].join("\n"),
);
fs.writeFileSync(
  page,
  [
    'import { MenuPage, type MenuView } from "../../features/menu/index.ts";',
    'import type { ALLERGENS } from "../../features/menu/index.ts";',
    'import { MenuAdmin as Admin } from "../../features/menu/index.ts";',
  ].join("\n"),
);
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe("the names taken through a front door", () => {
  const names = createFrontDoorNames();
  const inner = (file: string) => path.join(dir, "app/features/menu", file);

  it("knows a door by its path", () => {
    expect(frontDoor.test(door)).toBe(true);
    expect(frontDoor.test(inner("marks.ts"))).toBe(false);
  });

  it("reads what the door gives under which name, values only, over several lines", () => {
    expect([...names.reExported(door, inner("components/menu-page.tsx"))]).toEqual(["MenuPage"]);
    expect([...names.reExported(door, inner("components/admin/speisekarte-admin.tsx"))]).toEqual(["MenuAdmin"]);
    expect([...names.reExported(door, inner("marks.ts"))]).toEqual(["ALLERGENS", "ADDITIVES"]);
  });

  it("reads what a page takes, by the door's names, without type-only imports", () => {
    expect([...names.taken(`${page}?__react-router-build-client-route`, door)].sort()).toEqual([
      "MenuAdmin",
      "MenuPage",
    ]);
  });
});
