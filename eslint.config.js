import js from "@eslint/js";
import { createNodeResolver, importX } from "eslint-plugin-import-x";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";
import { featureEdges } from "./app/features/feature-edges.ts";
import { featureBoundaries } from "./lint/feature-boundaries.ts";

/*
 * Layering, checked rather than described (decisions 0012 and 0030). From the bottom up:
 *   db/            the database: connection, types, migrations — imports nothing of the app;
 *   app/lib        infrastructure (database access, env, logger, calendar, money, form primitives);
 *   app/components UI primitives;
 *   app/common     topics every feature may use: pictures, mail, content blocks;
 *   app/features   one folder per feature, entered only through its front door (index.ts,
 *                  index.server.ts), and by another feature only along a declared edge
 *                  (app/features/feature-edges.ts, decision 0047);
 *   app/routes     and app/demo compose features.
 * Each layer imports only from the layers below it. Browser code never imports a `*.server.*`
 * module; no import cycles.
 */

/** Routes and the demo content compose features; nothing below them imports them. */
const composers = ["./app/routes", "./app/demo"];

const zones = {
  featureToRoutes: {
    target: "./app/features",
    from: "./app/routes",
    message: "Features do not import routes; routes compose features (decision 0012).",
  },
  featureToDemo: {
    target: "./app/features",
    from: "./app/demo",
    message: "Features do not import the demo content; a test may seed it (decision 0030).",
  },
  sharedToFeatures: {
    target: "./app/common",
    from: ["./app/features", ...composers],
    message:
      "app/common is used by every feature: it imports no feature, route or demo content (decision 0030).",
  },
  componentsUpward: {
    target: "./app/components",
    from: ["./app/common", "./app/features", ...composers],
    message: "app/components holds UI primitives: it imports only app/lib and db/ (decisions 0012 and 0030).",
  },
  libUpward: {
    target: "./app/lib",
    from: ["./app/components", "./app/common", "./app/features", ...composers],
    message: "app/lib is infrastructure: it imports only db/ (decisions 0012 and 0030).",
  },
  appToServer: {
    target: "./app",
    from: ["./server", "./scripts"],
    message: "The app does not import the HTTP pipeline or the command-line tools (decision 0012).",
  },
  migrationsStandAlone: {
    target: "./db/migrations",
    from: ["./app", "./server", "./scripts", "./tests", "./db/database.server.ts"],
    message:
      "A migration never changes once it has run, so it depends on nothing that does: only db/'s dialect and helpers (decision 0012).",
  },
  dbStandsAlone: {
    target: "./db",
    from: ["./app", "./server", "./scripts"],
    message:
      "db/ is the bottom layer: it imports nothing from the app, the server or the scripts (decision 0030).",
  },
  productionToTests: {
    target: ["./app", "./db", "./server"],
    from: "./tests",
    message: "Only tests and scripts import tests/ (decision 0030).",
  },
};

/** Zones for every file, tests included: a test sits inside its layer and keeps its boundaries. */
const everywhere = [
  zones.featureToRoutes,
  zones.sharedToFeatures,
  zones.componentsUpward,
  zones.libUpward,
  zones.migrationsStandAlone,
  zones.dbStandsAlone,
];
/** Integration tests may start the server or use test helpers; production code may not. */
const productionOnly = [zones.appToServer, zones.featureToDemo, zones.productionToTests];

const testFiles = ["**/*.test.{ts,tsx}", "tests/**"];

export default tseslint.config(
  {
    ignores: ["build", "data", ".react-router", "node_modules", "test-results", "playwright-report", ".tmp"],
  },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/no-explicit-any": "error",
      "@typescript-eslint/consistent-type-imports": "error",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "no-console": ["error", { allow: ["warn", "error"] }],
    },
  },
  {
    files: ["**/*.{ts,tsx,js}"],
    plugins: { "import-x": importX, tavola: { rules: { "feature-boundaries": featureBoundaries } } },
    settings: {
      "import-x/extensions": [".ts", ".tsx", ".js"],
      "import-x/resolver-next": [createNodeResolver({ extensions: [".ts", ".tsx", ".js"] })],
    },
    rules: {
      "tavola/feature-boundaries": ["error", featureEdges, { root: import.meta.dirname }],
      "import-x/no-restricted-paths": ["error", { zones: [...everywhere, ...productionOnly] }],
      // Type-only imports are erased and cannot form a cycle at run time; the rule skips them.
      "import-x/no-cycle": ["error", { ignoreExternal: true }],
    },
  },
  {
    files: testFiles,
    rules: { "import-x/no-restricted-paths": ["error", { zones: everywhere }] },
  },
  {
    // The staff check is the admin layout's middleware (decision 0030): a route reads the member it
    // let in (`signedInStaff`) and never checks a session itself.
    files: ["app/routes/**/*.{ts,tsx}"],
    ignores: testFiles,
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["**/features/auth/*"],
              importNames: [
                "requireStaff",
                "requireStaffSession",
                "requireAccess",
                "staffAccess",
                "accessOf",
                "refuseUnlessOwner",
                "currentStaff",
                "findSession",
              ],
              message:
                "Routes don't check the staff session themselves: the admin layout's middleware does (staffGuard, ownersOnly), and routes read it with signedInStaff (decision 0030).",
            },
          ],
        },
      ],
    },
  },
  {
    // Code that runs in the browser. Route modules may import `*.server.*` for their loaders and
    // actions, which React Router strips from the browser build; type-only imports are erased.
    files: ["app/**/*.{ts,tsx}"],
    ignores: [
      "app/routes/**",
      "app/root.tsx",
      "app/entry.server.tsx",
      // The demo content is written into the database at start; no browser bundle can reach it.
      "app/demo/**",
      "app/**/*.server.{ts,tsx}",
      ...testFiles,
    ],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: "\\.server(\\.[cm]?[jt]sx?)?$",
              allowTypeImports: true,
              message:
                "Browser code never imports a *.server module; only route modules (for loaders and actions) and other *.server modules do (decision 0012).",
            },
          ],
        },
      ],
    },
  },
);
