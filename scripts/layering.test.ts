import path from "node:path";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

/*
 * The layering of decision 0012 is enforced by `npm run lint`. These snippets break one rule each
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
  it("refuse a feature importing another feature", async () => {
    const rules = await ruleIdsFor(
      "app/features/home/components/probe.tsx",
      'import { menuTexts } from "../../menu/public-menu.ts";\nexport const probe = menuTexts;\n',
    );
    expect(rules).toContain("import-x/no-restricted-paths");
  });

  it("let a feature import its own modules, app/lib and app/components", async () => {
    const rules = await ruleIdsFor(
      "app/features/home/components/probe.tsx",
      [
        'import { HERO_PICTURE } from "../../../lib/content/pictures.ts";',
        'import { ContactLines } from "../../../components/contact-details.tsx";',
        'import { renderHeadline } from "../headline-markup.ts";',
        "export const probe = [HERO_PICTURE, ContactLines, renderHeadline];",
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
      await ruleIdsFor("app/routes/site/probe.tsx", importer("../../features/content/content.server.ts")),
    ).toEqual([]);
  });

  it("refuse a migration importing the app", async () => {
    const rules = await ruleIdsFor(
      "db/migrations/probe.ts",
      'import { nowIso } from "../../app/lib/db.server.ts";\nexport const probe = nowIso;\n',
    );
    expect(rules).toContain("import-x/no-restricted-paths");
  });
});
