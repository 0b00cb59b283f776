import fs from "node:fs";
import js from "@eslint/js";
import { createNodeResolver, importX } from "eslint-plugin-import-x";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

/*
 * Layering, checked rather than described (decision 0012): routes compose features; a feature never
 * imports another feature; shared code (app/lib, app/components) imports no feature or route; browser
 * code never imports a `*.server.*` module; db/ stands apart from the app; no import cycles.
 */

/** Every folder in app/features is a feature: a new one is covered without touching this file. */
const features = fs
  .readdirSync(new URL("app/features", import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const zones = {
  featureToFeature: features.map((feature) => ({
    target: `./app/features/${feature}`,
    from: "./app/features",
    except: [`./${feature}`],
    message:
      "A feature never imports another feature: let the route compose them, and move what both need to app/lib or app/components (decision 0012).",
  })),
  featureToRoute: {
    target: "./app/features",
    from: "./app/routes",
    message: "Features do not import routes; routes compose features (decision 0012).",
  },
  sharedToFeatures: {
    target: ["./app/lib", "./app/components"],
    from: ["./app/features", "./app/routes"],
    message:
      "app/lib and app/components are shared by every feature: they import no feature or route (decision 0012).",
  },
  libToComponents: {
    target: "./app/lib",
    from: "./app/components",
    message: "app/lib holds no UI: it imports nothing from app/components (decision 0012).",
  },
  appToServer: {
    target: "./app",
    from: ["./server", "./scripts"],
    message: "The app does not import the HTTP pipeline or the command-line tools (decision 0012).",
  },
  migrationsStandAlone: {
    target: "./db/migrations",
    from: ["./app", "./server", "./scripts", "./db/seed"],
    message:
      "A migration never changes once it has run, so it depends on nothing that does: only db/ (decision 0012).",
  },
  dbToAppInternals: {
    target: "./db",
    from: "./app/**",
    except: ["**/app/lib/**", "**/app/features/*/schema.ts"],
    message: "db/ may use app/lib and a feature's public schema.ts, nothing else of the app (decision 0012).",
  },
  dbToServer: {
    target: "./db",
    from: ["./server", "./scripts"],
    message: "db/ does not import the HTTP pipeline or the command-line tools (decision 0012).",
  },
  productionToTests: {
    target: ["./app", "./db", "./server", "./scripts"],
    from: "./tests",
    message: "Only tests import tests/ (decision 0012).",
  },
};

/** Zones for every file, tests included: a test sits inside its feature and keeps its boundaries. */
const everywhere = [
  ...zones.featureToFeature,
  zones.featureToRoute,
  zones.sharedToFeatures,
  zones.libToComponents,
  zones.migrationsStandAlone,
];
/** Integration tests may start the server or seed a database; production code may not. */
const productionOnly = [zones.appToServer, zones.dbToAppInternals, zones.dbToServer, zones.productionToTests];

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
    plugins: { "import-x": importX },
    settings: {
      "import-x/extensions": [".ts", ".tsx", ".js"],
      "import-x/resolver-next": [createNodeResolver({ extensions: [".ts", ".tsx", ".js"] })],
    },
    rules: {
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
    // Code that runs in the browser. Route modules may import `*.server.*` for their loaders and
    // actions, which React Router strips from the browser build; type-only imports are erased.
    files: ["app/**/*.{ts,tsx}"],
    ignores: [
      "app/routes/**",
      "app/root.tsx",
      "app/entry.server.tsx",
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
