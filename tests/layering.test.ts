import path from "node:path";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

/*
 * The layering of decisions 0012 and 0047 is enforced by `npm run lint`. These snippets break one rule each
 * and are linted as if they sat at the given path, so a change to eslint.config.js that stops a
 * rule from biting fails here.
 */
const root = path.resolve(import.meta.dirname, "..");
const eslint = new ESLint({ cwd: root });

async function ruleIdsFor(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return (result?.messages ?? []).map((message) => message.ruleId ?? message.message);
}

describe("the layering lint rules", () => {
  it("refuse a feature importing another feature along an undeclared edge, door or not", async () => {
    for (const from of ["../../menu/public-menu.ts", "../../menu/index.ts"]) {
      const rules = await ruleIdsFor(
        "app/features/home/components/probe.tsx",
        `import { menuTexts } from "${from}";\nexport const probe = menuTexts;\n`,
      );
      expect(rules).toEqual(["tavola/feature-boundaries"]);
    }
  });

  it("let a feature use another along a declared edge, through its front door only", async () => {
    const withEdge = new ESLint({
      cwd: root,
      overrideConfig: { rules: { "tavola/feature-boundaries": ["error", { home: ["menu"] }, { root }] } },
    });
    const lint = async (from: string) => {
      const [result] = await withEdge.lintText(
        `import { menuTexts } from "${from}";\nexport const probe = menuTexts;\n`,
        {
          filePath: path.join(root, "app/features/home/components/probe.tsx"),
        },
      );
      return (result?.messages ?? []).map((message) => message.ruleId);
    };
    expect(await lint("../../menu/index.ts")).toEqual([]);
    expect(await lint("../../menu/public-menu.ts")).toEqual(["tavola/feature-boundaries"]);
  });

  it.each([
    ["app/routes/site/probe.tsx", "../../features/menu/public-menu.ts"],
    ["app/routes/admin/probe.tsx", "../../features/menu/components/admin/speisekarte-admin.tsx"],
    ["app/demo/probe.ts", "../features/menu/dishes.server.ts"],
    ["server/probe.ts", "../app/features/auth/session.server.ts"],
    ["scripts/cli/probe.ts", "../../app/features/reservations/settings/settings-store.server.ts"],
    ["scripts/cli/probe.ts", "../../app/features/auth/index.ts"],
  ])("refuse an import into a feature's inside from outside it: %s ← %s", async (file, from) => {
    const rules = await ruleIdsFor(
      file,
      `import { menuTexts } from "${from}";\nexport const probe = menuTexts;\n`,
    );
    expect(rules).toContain("tavola/feature-boundaries");
  });

  it("refuse an import into a feature's inside however its path is written", async () => {
    for (const line of [
      "const probe = import(`../../features/menu/public-menu.ts`);",
      `const probe = import("${path.join(root, "app/features/menu/public-menu.ts")}");`,
      `import { menuTexts as probe } from "file://${path.join(root, "app/features/menu/public-menu.ts")}";`,
      "const where = 'menu';\nconst probe = import(`../../features/${where}/public-menu.ts`);",
    ])
      expect(await ruleIdsFor("app/routes/site/probe.tsx", `${line}\nexport { probe };\n`)).toContain(
        "tavola/feature-boundaries",
      );
  });

  it("check the same paths when linting from another folder", async () => {
    const elsewhere = new ESLint({
      cwd: path.join(root, "app"),
      overrideConfigFile: path.join(root, "eslint.config.js"),
    });
    const [result] = await elsewhere.lintText(
      'import { menuTexts } from "../../features/menu/public-menu.ts";\nexport const probe = menuTexts;\n',
      { filePath: path.join(root, "app/routes/site/probe.tsx") },
    );
    expect((result?.messages ?? []).map((message) => message.ruleId)).toContain("tavola/feature-boundaries");
  });

  it("treat each part of the reservations area as a feature: its door, its declared edges", async () => {
    const probe = (from: string) => `import { probe as used } from "${from}";\nexport const probe = used;\n`;
    // booking → book is declared: through the door only.
    expect(await ruleIdsFor("app/features/reservations/booking/probe.ts", probe("../book/index.ts"))).toEqual(
      [],
    );
    expect(await ruleIdsFor("app/features/reservations/booking/probe.ts", probe("../book/terms.ts"))).toEqual(
      ["tavola/feature-boundaries"],
    );
    // book → booking is not: the book is below the booking paths.
    expect(await ruleIdsFor("app/features/reservations/book/probe.ts", probe("../booking/index.ts"))).toEqual(
      ["tavola/feature-boundaries"],
    );
    // A route takes a part's door, never a file inside it.
    expect(
      await ruleIdsFor("app/routes/admin/probe.tsx", probe("../../features/reservations/booking/index.ts")),
    ).toEqual([]);
    expect(
      await ruleIdsFor(
        "app/routes/admin/probe.tsx",
        probe("../../features/reservations/booking/admin-failure.ts"),
      ),
    ).toEqual(["tavola/feature-boundaries"]);
    // A part's test may use the other parts of its area (it exercises them together), not other features.
    expect(
      await ruleIdsFor(
        "app/features/reservations/book/probe.test.ts",
        probe("../booking/guest-request.server.ts"),
      ),
    ).toEqual([]);
    expect(
      await ruleIdsFor("app/features/reservations/book/probe.test.ts", probe("../../menu/index.server.ts")),
    ).toEqual(["tavola/feature-boundaries"]);
  });

  it("let routes, the server and scripts use a feature's front door, and a test reach inside", async () => {
    for (const [file, from] of [
      ["app/routes/site/probe.tsx", "../../features/menu/index.ts"],
      ["app/routes/site/probe.tsx", "../../features/menu/index.server.ts"],
      ["server/probe.ts", "../app/features/auth/index.server.ts"],
      ["tests/probe.test.ts", "../app/features/menu/dishes.server.ts"],
    ] as const) {
      const rules = await ruleIdsFor(
        file,
        `import { menuTexts } from "${from}";\nexport const probe = menuTexts;\n`,
      );
      expect(rules).toEqual([]);
    }
  });

  it("let a feature import its own modules, app/common, app/lib and app/components", async () => {
    const rules = await ruleIdsFor(
      "app/features/home/components/probe.tsx",
      [
        'import { HERO_PICTURE } from "../../../common/content/pictures.ts";',
        'import { Button } from "../../../components/ui/button.tsx";',
        'import { renderHeadline } from "../headline-markup.ts";',
        "export const probe = [HERO_PICTURE, Button, renderHeadline];",
        "",
      ].join("\n"),
    );
    expect(rules).toEqual([]);
  });

  it("refuse shared code importing a feature", async () => {
    const rules = await ruleIdsFor(
      "app/lib/probe.ts",
      'import { siteFrameKeys } from "../features/site-frame/site-frame.ts";\nexport const probe = siteFrameKeys;\n',
    );
    expect(rules).toContain("import-x/no-restricted-paths");
  });

  it("refuse browser code importing a server module, but not a route module", async () => {
    const importer = (from: string) =>
      `import { readContentBlocks } from "${from}";\nexport const probe = readContentBlocks;\n`;
    expect(await ruleIdsFor("app/features/content/probe.ts", importer("./content.server.ts"))).toEqual([
      "no-restricted-imports",
    ]);
    expect(
      await ruleIdsFor("app/routes/site/probe.tsx", importer("../../features/content/index.server.ts")),
    ).toEqual([]);
  });

  it("refuse a migration importing the app", async () => {
    const rules = await ruleIdsFor(
      "db/migrations/probe.ts",
      'import { berlinToday } from "../../app/lib/format.ts";\nexport const probe = berlinToday;\n',
    );
    expect(rules).toContain("import-x/no-restricted-paths");
  });

  it.each([
    ["app/common/mail/probe.ts", 'import { menuTexts } from "../../features/menu/public-menu.ts";'],
    ["app/common/pictures/probe.ts", 'import { menuTexts } from "../../routes/site/speisekarte.tsx";'],
    ["app/lib/probe.ts", 'import { menuTexts } from "../common/content/blocks.ts";'],
    ["app/lib/probe.ts", 'import { menuTexts } from "../components/ui/button.tsx";'],
    ["app/components/probe.tsx", 'import { menuTexts } from "../common/pictures/picture.tsx";'],
    ["app/features/menu/probe.ts", 'import { menuTexts } from "../../demo/demo.ts";'],
    ["db/probe.ts", 'import { menuTexts } from "../app/lib/format.ts";'],
    ["db/probe.ts", 'import { menuTexts } from "../scripts/cli/config.ts";'],
    ["server/probe.ts", 'import { menuTexts } from "../tests/support/mailbox.ts";'],
  ])("refuse a layer importing one above it: %s ← %s", async (file, line) => {
    const rules = await ruleIdsFor(file, `${line}\nexport const probe = menuTexts;\n`);
    expect(rules).toContain("import-x/no-restricted-paths");
  });

  it("let a shared topic use app/lib and db/, and the scripts use the test helpers", async () => {
    expect(
      await ruleIdsFor(
        "app/common/mail/probe.ts",
        'import { berlinToday } from "../../lib/format.ts";\nimport type { Database } from "../../../db/database.types.ts";\nexport const probe: [typeof berlinToday, Database | undefined] = [berlinToday, undefined];\n',
      ),
    ).toEqual([]);
    expect(
      await ruleIdsFor(
        "scripts/drills/probe.ts",
        'import { startMailbox } from "../../tests/support/mailbox.ts";\nexport const probe = startMailbox;\n',
      ),
    ).toEqual([]);
  });

  it("refuse a route checking the staff session itself instead of the admin layout's middleware", async () => {
    const rules = await ruleIdsFor(
      "app/routes/admin/probe.tsx",
      'import { requireStaff } from "../../features/auth/index.server.ts";\nexport const probe = requireStaff;\n',
    );
    expect(rules).toContain("no-restricted-imports");
    expect(
      await ruleIdsFor(
        "app/routes/admin/probe.tsx",
        'import { signedInStaff } from "../../features/auth/index.server.ts";\nexport const probe = signedInStaff;\n',
      ),
    ).toEqual([]);
  });
});
