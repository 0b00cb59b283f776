import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Rule } from "eslint";

/**
 * A feature is entered only through its front door, and a feature uses another only along a declared
 * edge (decision 0047):
 * - from outside `app/features/<name>/`, an import may name only its `index.ts` (what the browser may
 *   load) or `index.server.ts`; tests may reach inside to seed and inspect what they test;
 * - from inside feature `a`, an import of feature `b` needs `b` in `a`'s list of the rule's option
 *   (app/features/feature-edges.ts), tests included; a test in a part of an area (`reservations/book`)
 *   may use any other part of that area (`reservations/booking`), which it exercises together;
 * - a feature is `app/features/<name>/`, or `app/features/<area>/<part>/` when the option lists
 *   `<area>/<part>` (decision 0051);
 * - `server/` and `scripts/` import `index.server.ts` only: plain Node runs them, and `index.ts`
 *   names `.tsx` components it cannot load.
 * Paths are resolved from the relative specifiers the code uses (decision 0001: every import names
 * its file).
 */

/** The feature a path lies in: a listed part of an area (`reservations/book`), else the folder. */
const featureIn = (parts: ReadonlySet<string>) => (relative: string) => {
  const match = /^app\/features\/([^/]+)\/(?:([^/]+)\/)?/.exec(relative);
  if (!match) return undefined;
  const part = `${match[1]}/${match[2]}`;
  return match[2] !== undefined && parts.has(part) ? part : match[1];
};
const areaOf = (feature: string) => feature.split("/")[0];
const frontDoor = /^index(\.server)?\.ts$/;
const testFile = (relative: string) => /\.test\.tsx?$/.test(relative) || relative.startsWith("tests/");

export const featureBoundaries: Rule.RuleModule = {
  meta: {
    type: "problem",
    docs: { description: "Features are entered through their front door and along declared edges only." },
    schema: [
      { type: "object", additionalProperties: { type: "array", items: { type: "string" } } },
      { type: "object", properties: { root: { type: "string" } }, additionalProperties: false },
    ],
    messages: {
      inside:
        "'{{target}}' is inside the feature '{{feature}}': import what it offers from its front door, app/features/{{feature}}/index.ts or index.server.ts (decision 0047).",
      browserDoor:
        "Code that plain Node runs (server/, scripts/) imports a feature's index.server.ts, never its index.ts, which names the browser's components (decision 0047).",
      computed:
        "An import() whose path is computed cannot be checked against the features' front doors: name the file (decision 0047).",
      undeclared:
        "The feature '{{from}}' may not use '{{feature}}': the edge '{{from}} → {{feature}}' is not declared in app/features/feature-edges.ts (decision 0047).",
    },
  },
  create(context) {
    const edges = (context.options[0] ?? {}) as Record<string, string[] | undefined>;
    // The repository's root comes with the configuration, so that linting from another folder
    // checks the same paths.
    const root = (context.options[1] as { root?: string } | undefined)?.root ?? context.cwd;
    const toRelative = (file: string) => path.relative(root, file).split(path.sep).join("/");
    const featureOf = featureIn(new Set(Object.keys(edges).filter((name) => name.includes("/"))));
    const importer = toRelative(context.filename);
    const importerFeature = featureOf(importer);
    const exemptFromDoor = testFile(importer);
    const runByNode = /^(server|scripts)\//.test(importer) && !exemptFromDoor;

    const check = (node: Rule.Node, specifier: unknown) => {
      if (typeof specifier !== "string") return;
      const file = specifier.startsWith("file:")
        ? fileURLToPath(specifier)
        : specifier.startsWith(".") || path.isAbsolute(specifier)
          ? path.resolve(path.dirname(context.filename), specifier)
          : undefined;
      if (file === undefined) return;
      const target = toRelative(file);
      const feature = featureOf(target);
      if (!feature || feature === importerFeature) return;
      const sameAreasTest = exemptFromDoor && importerFeature && areaOf(importerFeature) === areaOf(feature);
      if (importerFeature && !sameAreasTest && !(edges[importerFeature] ?? []).includes(feature)) {
        context.report({ node, messageId: "undeclared", data: { from: importerFeature, feature } });
        return;
      }
      const inner = target.slice(`app/features/${feature}/`.length);
      if (!frontDoor.test(inner) && !exemptFromDoor) {
        context.report({ node, messageId: "inside", data: { target, feature } });
      } else if (runByNode && inner === "index.ts") {
        context.report({ node, messageId: "browserDoor" });
      }
    };

    return {
      ImportDeclaration: (node) => check(node, node.source.value),
      ExportNamedDeclaration: (node) => check(node, node.source?.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
      ImportExpression: (node) => {
        const source = node.source;
        if (source.type === "Literal") return check(node, source.value);
        // A template without expressions is a literal path too.
        if (source.type === "TemplateLiteral" && source.expressions.length === 0)
          return check(node, source.quasis[0]?.value.cooked);
        if (importer.startsWith("app/")) context.report({ node, messageId: "computed" });
      },
    };
  },
};
