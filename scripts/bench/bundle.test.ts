import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { publicPageScripts } from "./bundle.ts";

/** A small build: root, public layout with home and a legal page, a staff route; one lazy dialog. */
const root = fs.mkdtempSync(path.join(os.tmpdir(), "tavola-bundle-"));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));
const client = path.join(root, "build", "client");
fs.mkdirSync(path.join(client, "assets"), { recursive: true });
fs.mkdirSync(path.join(client, ".vite"));
const write = (file: string, text: string) => fs.writeFileSync(path.join(client, file), text);

for (const name of ["entry", "framework", "root", "layout", "home", "legal", "admin", "dialog", "kit"]) {
  write(`assets/${name}.js`, `export const ${name} = ${JSON.stringify(name.repeat(50))};\n`);
}
write(
  "assets/manifest-1a2b.js",
  `window.__reactRouterManifest=${JSON.stringify({
    entry: { module: "/assets/entry.js", imports: ["/assets/framework.js"] },
    routes: {
      root: { id: "root", path: "", module: "/assets/root.js", imports: ["/assets/framework.js"] },
      "routes/site/layout": { id: "routes/site/layout", parentId: "root", module: "/assets/layout.js" },
      "routes/site/home": {
        id: "routes/site/home",
        parentId: "routes/site/layout",
        index: true,
        module: "/assets/home.js",
      },
      "routes/site/impressum": {
        id: "routes/site/impressum",
        parentId: "routes/site/layout",
        path: "impressum",
        module: "/assets/legal.js",
        clientLoaderModule: "/assets/kit.js",
      },
      "routes/admin/layout": {
        id: "routes/admin/layout",
        parentId: "root",
        path: "admin",
        module: "/assets/admin.js",
      },
    },
  })};`,
);
write(
  ".vite/manifest.json",
  JSON.stringify({
    "app/entry.client.tsx": { file: "assets/entry.js", imports: ["_framework.js"] },
    "_framework.js": { file: "assets/framework.js" },
    "_kit.js": { file: "assets/kit.js", imports: ["_framework.js"] },
    "app/root.tsx": { file: "assets/root.js", imports: ["_framework.js"] },
    "app/routes/site/layout.tsx": { file: "assets/layout.js", imports: ["_kit.js"] },
    "app/routes/site/home.tsx": {
      file: "assets/home.js",
      imports: ["_kit.js"],
      dynamicImports: ["_dialog.js"],
    },
    "app/routes/site/impressum.tsx": { file: "assets/legal.js" },
    "app/routes/admin/layout.tsx": { file: "assets/admin.js", imports: ["_kit.js"] },
    "_dialog.js": { file: "assets/dialog.js", imports: ["_framework.js"] },
  }),
);
write(
  ".vite/chunk-modules.json",
  JSON.stringify({
    "assets/kit.js": ["app/components/ui/button.tsx"],
    "assets/dialog.js": [
      "app/features/menu/components/menu-dialog.tsx",
      "app/components/admin/confirm-dialog.tsx",
    ],
    "assets/admin.js": ["app/routes/admin/layout.tsx?__react-router-build-client-route"],
  }),
);

describe("publicPageScripts", () => {
  it("follows the matched routes' modules and their static imports, transitively", () => {
    const home = publicPageScripts(root, "/");
    expect(home.routes).toEqual(["root", "routes/site/layout", "routes/site/home"]);
    expect([...home.files].sort()).toEqual(
      ["entry", "framework", "root", "layout", "kit", "home"].map((name) => `assets/${name}.js`).sort(),
    );
    expect(home.lazyFiles).toEqual(["assets/dialog.js"]);
    expect(home.brotliBytes).toBe(Object.values(home.sizes).reduce((sum, size) => sum + size, 0));
    expect(home.brotliBytes).toBeGreaterThan(0);
  });

  it("names staff modules in the page's chunks, also in those that load later", () => {
    expect(publicPageScripts(root, "/").staffModules).toEqual([
      "assets/dialog.js: app/components/admin/confirm-dialog.tsx",
    ]);
    expect(publicPageScripts(root, "/admin").staffModules).toEqual([
      "assets/admin.js: app/routes/admin/layout.tsx?__react-router-build-client-route",
    ]);
  });

  it("counts a route's split-off modules (clientLoader) and takes a trailing slash", () => {
    const legal = publicPageScripts(root, "/impressum/");
    expect(legal.routes.at(-1)).toBe("routes/site/impressum");
    expect(legal.files).toContain("assets/legal.js");
    expect(legal.files).toContain("assets/kit.js");
    expect(legal.files).not.toContain("assets/home.js");
    expect(legal.staffModules).toEqual([]);
  });
});
