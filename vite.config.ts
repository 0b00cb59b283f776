import fs from "node:fs/promises";
import path from "node:path";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin, type Rolldown } from "vite";
import { createFrontDoorNames, frontDoor } from "./scripts/build/front-door-names.ts";

type ChunkingContext = Parameters<Exclude<Rolldown.CodeSplittingGroup["name"], string>>[1];

/**
 * The modules the guests' pages load at once: the client entry, the root route and the public
 * routes (`app/routes/site/`), with everything they import statically. Route modules reach the
 * bundler as `…/home.tsx?__react-router-build-client-route`, hence the query is cut off.
 */
const guestsEntry = /[\\/]app[\\/](entry\.client|root)\.tsx$|[\\/]app[\\/]routes[\\/]site[\\/]/;

/**
 * Whether a module is in the first load of some guests' page: one of their entries imports it,
 * statically and transitively. Dynamic imports do not count (a dialog's code that loads on a click
 * is not in the first load), and neither do the staff routes.
 */
function createGuestsReach() {
  const known = new Map<string, boolean>();
  const reaches = (id: string, ctx: ChunkingContext, visiting: Set<string>): boolean => {
    const cached = known.get(id);
    if (cached !== undefined) return cached;
    if (guestsEntry.test(id.split("?")[0] ?? id)) return true;
    if (visiting.has(id)) return false;
    visiting.add(id);
    const importers = ctx.getModuleInfo(id)?.importers ?? [];
    const result = importers.some((importer) =>
      frontDoor.test(importer)
        ? reachesThroughDoor(id, importer, ctx, visiting)
        : reaches(importer, ctx, visiting),
    );
    visiting.delete(id);
    // Only a definite answer is kept: a `false` found while a cycle was open may be incomplete.
    if (result || visiting.size === 0) known.set(id, result);
    return result;
  };
  /**
   * A feature's front door re-exports its staff screens beside what a guests' page uses: the module
   * is reached through the door only if a reached importer of the door takes a name of it.
   */
  const names = createFrontDoorNames();
  const reachesThroughDoor = (id: string, door: string, ctx: ChunkingContext, visiting: Set<string>) => {
    const exported = names.reExported(door, id);
    if (exported.size === 0) return false;
    const importers = ctx.getModuleInfo(door)?.importers ?? [];
    return importers.some(
      (importer) =>
        [...names.taken(importer, door)].some((name) => exported.has(name)) &&
        reaches(importer, ctx, visiting),
    );
  };
  return (id: string, ctx: ChunkingContext) => reaches(id, ctx, new Set());
}

/**
 * A group that takes only the matching modules that guests' pages load at once. A named group takes
 * every module its test matches, whoever imports it; so before, the UI kit carried the staff
 * screens' tabs and icons and `site-shared` the upload helpers, into every guest's first load. What
 * only the staff screens or a guest's later click need is left to Rolldown's own splitting, which
 * puts it where it is used.
 */
function forGuests(name: string, test: RegExp, inGuestsFirstLoad: ReturnType<typeof createGuestsReach>) {
  return {
    debugName: name,
    test,
    name: (id: string, ctx: ChunkingContext) => (inGuestsFirstLoad(id, ctx) ? name : null),
  };
}

/**
 * Browser chunks: the framework and the shared UI kit in one chunk each instead of two dozen small
 * ones, so a phone on a slow network opens fewer requests before the page is interactive
 * (`npm run bench`). Route code still splits per route. Built per build (the reach is remembered).
 */
function browserChunks(): Rolldown.CodeSplittingGroup[] {
  const inGuestsFirstLoad = createGuestsReach();
  return [
    {
      // With Rolldown's runtime and Vite's preload helper: two requests of under 2 KB less.
      name: "framework",
      test: /node_modules[\\/](react|react-dom|react-router|scheduler|cookie)[\\/]|^\0(rolldown[\\/]runtime|vite[\\/]preload-helper)/,
    },
    forGuests(
      "ui-kit",
      /node_modules[\\/](@radix-ui|lucide-react|clsx|tailwind-merge|class-variance-authority|aria-hidden|react-remove-scroll|react-remove-scroll-bar|react-style-singleton|use-callback-ref|use-sidecar|get-nonce|tslib)[\\/]/,
      inGuestsFirstLoad,
    ),
    // Small modules every public page needs. Not the toast area, Zod or the form kit's helpers: those
    // stay out of guests' pages. Of the content-block model (lib/content) only the weekday names and
    // the shipped pictures' facts (which the home page and the admin's defaults share); schemas and
    // defaults go with the admin screen and the server.
    forGuests(
      "site-shared",
      /[\\/]app[\\/](lib[\\/](?!zod\.|forms\.|content[\\/])|lib[\\/]content[\\/](weekdays|pictures)\.|components[\\/](ui[\\/](?!toaster\.)|contact-details\.)|features[\\/]site-frame[\\/]site-frame\.)/,
      inGuestsFirstLoad,
    ),
    // What the home page takes from other features and from the form kit (the reservation form and
    // its fields, the dishes of the menu section, the gallery's texts): one chunk instead of seven
    // small requests on a phone's first load. No Zod and no server code in any of them.
    forGuests(
      "home-parts",
      /[\\/]app[\\/](components[\\/]forms[\\/](focus|status-button|form-notice|field)\.|features[\\/]reservations[\\/]book[\\/](opening-rule|terms)\.|features[\\/]menu[\\/](marks|public-menu)\.|features[\\/]menu[\\/]components[\\/]dish-picture\.|features[\\/]pictures[\\/]public-gallery\.)/,
      inGuestsFirstLoad,
    ),
  ];
}

/**
 * Which source modules each browser chunk holds, as `build/client/.vite/chunk-modules.json` (paths
 * from the project's root): scripts/bench/bundle.ts checks with it that no staff screen's code is in
 * a guests' page. Vite's manifest names a chunk's imports, not its modules. Not served (dot folder).
 */
function recordChunkModules(): Plugin {
  let root = process.cwd();
  return {
    name: "tavola:chunk-modules",
    applyToEnvironment: (environment) => environment.name === "client",
    configResolved(config) {
      root = config.root;
    },
    async writeBundle(options, bundle) {
      const outDir = options.dir;
      if (!outDir) return;
      const modules: Record<string, string[]> = {};
      for (const file of Object.values(bundle)) {
        if (file.type !== "chunk") continue;
        modules[file.fileName] = file.moduleIds.map((id) =>
          path.isAbsolute(id) ? path.relative(root, id).split(path.sep).join("/") : id,
        );
      }
      await fs.mkdir(path.join(outDir, ".vite"), { recursive: true });
      await fs.writeFile(
        path.join(outDir, ".vite", "chunk-modules.json"),
        `${JSON.stringify(modules, null, 1)}\n`,
      );
    },
  };
}

/** Source modules of app/features, not their styles. */
const featureModule = /[\\/]app[\\/]features[\\/].*\.tsx?(\?.*)?$/;

// The server build's entry is our own HTTP pipeline (server/app.ts), which imports the
// React Router build through the virtual module: one bundle, one instance of every module.
export default defineConfig({
  // Vite's manifests (build/*/.vite/manifest.json) are kept: scripts/bench/bundle.ts reads which
  // chunks a route loads from the client's. React Router keeps them only when this says so; the
  // browser never gets them (the static files skip dot folders).
  build: { manifest: true },
  environments: {
    client: {
      build: {
        rollupOptions: {
          output: { codeSplitting: { groups: browserChunks() } },
          // A feature's front door (`index.ts`) names everything other code may use of it; a page
          // that takes one component must not load the rest. A feature's modules only define things
          // (nothing runs when they are imported), so what a page does not use is left out
          // (decision 0047).
          treeshake: { moduleSideEffects: (id: string) => !featureModule.test(id) },
        },
      },
    },
    ssr: {
      build: { rollupOptions: { input: "./server/app.ts" } },
      // Bundled so that only the icons in use are kept: its CommonJS file makes all ~1,700 at
      // start, held for the process's life (decision 0043).
      resolve: { noExternal: ["lucide-react"] },
    },
  },
  plugins: [tailwindcss(), reactRouter(), recordChunkModules()],
});
