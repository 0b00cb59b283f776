import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { PUBLIC_PAGES } from "../../app/lib/public-pages.ts";

/**
 * The scripts a guests' page loads, read from the production build (`npm run build`), and whether
 * any of them carries code of the staff screens (decision 0008: nothing for guests that guests do
 * not use).
 *
 *   node scripts/bench/bundle.ts                   # the guests' pages below
 *   node scripts/bench/bundle.ts /speisekarte      # one page, chunk by chunk
 *   node scripts/bench/bundle.ts --budget 140      # exit code 1 above 140 KB (brotli) on a page
 *
 * Which routes a page matches and which chunks each route module brings: React Router's manifest
 * (build/client/assets/manifest-*.js), the same one the browser reads, and Vite's
 * (build/client/.vite/manifest.json) for the chunks' own imports, followed transitively. Which source
 * modules a chunk holds: build/client/.vite/chunk-modules.json (written by vite.config.ts). Sizes are
 * brotli at its best level, as the server sends the scripts (server/static-files.ts).
 */

/**
 * Staff-area code: the admin screens' components and routes, the admin frame and dashboard, and the
 * models only the staff screens use (content form, announcement drafts, day summary, gallery model).
 */
export const STAFF_MODULE =
  /^app\/(features\/[^/]+\/components\/admin\/|features\/(admin-shell|dashboard)\/|components\/admin\/|routes\/admin[/.]|features\/(content\/content-form|announcements\/drafts|reservations\/day-summary|pictures\/gallery-model)\.)/;

export const GUEST_PAGES = PUBLIC_PAGES;

export interface PageScripts {
  page: string;
  /** React Router's ids of the routes the page matches, root first. */
  routes: string[];
  /** What the page loads at once (the client entry, the routes' modules and their static imports). */
  files: string[];
  /** The same files' brotli sizes (quality 11), in bytes, and their sum. */
  sizes: Record<string, number>;
  brotliBytes: number;
  /** Chunks that load only later, on a guest's action (dynamic imports of the files above, and theirs). */
  lazyFiles: string[];
  /** Staff-area modules in any of the page's chunks, first load or later, as `chunk: module`. */
  staffModules: string[];
}

interface RouterManifest {
  entry: { module: string; imports: string[] };
  routes: Record<string, RouterRoute>;
}

interface RouterRoute {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  module: string;
  imports?: string[];
  /** React Router's split route modules (`clientLoaderModule`, `clientActionModule`, …), loaded too. */
  [key: `${string}Module`]: string | undefined;
}

/** The route's module, its split-off parts and what React Router lists as their imports. */
const routeFiles = (route: RouterRoute | undefined): string[] =>
  route
    ? [
        ...Object.entries(route)
          .filter(([key, value]) => /^(module|\w+Module)$/.test(key) && typeof value === "string")
          .map(([, value]) => value as string),
        ...(route.imports ?? []),
      ]
    : [];

interface ViteChunk {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
}

function readRouterManifest(assetsDir: string): RouterManifest {
  const file = fs.readdirSync(assetsDir).find((name) => /^manifest-[\w-]+\.js$/.test(name));
  if (!file) throw new Error(`Kein React-Router-Manifest in ${assetsDir}: erst \`npm run build\``);
  const text = fs.readFileSync(path.join(assetsDir, file), "utf8");
  // `window.__reactRouterManifest={…};` — the object is JSON.
  return JSON.parse(text.slice(text.indexOf("{"), text.lastIndexOf("}") + 1)) as RouterManifest;
}

function readJson<T>(file: string, hint: string): T {
  if (!fs.existsSync(file)) throw new Error(`${file} fehlt: ${hint}`);
  return JSON.parse(fs.readFileSync(file, "utf8")) as T;
}

/** The chain of routes (root first) whose paths add up to the page; the catch-all route if none do. */
export function matchRoutes(manifest: RouterManifest, page: string): string[] {
  const routes = manifest.routes;
  const chain = (id: string): string[] => {
    const parent = routes[id]?.parentId;
    return parent ? [...chain(parent), id] : [id];
  };
  const fullPath = (id: string) =>
    chain(id)
      .map((routeId) => routes[routeId]?.path ?? "")
      .filter(Boolean)
      .join("/");
  const wanted = page.replace(/^\/+|\/+$/g, "");
  const leaves = Object.values(routes).filter(
    (route) => !Object.values(routes).some((child) => child.parentId === route.id),
  );
  const exact = leaves.find((route) => fullPath(route.id) === wanted && (wanted !== "" || route.index));
  const splat = leaves.find((route) => route.path === "*");
  const leaf = exact ?? splat;
  if (!leaf) throw new Error(`Keine Route für ${page}`);
  return chain(leaf.id);
}

const brotliSize = (file: string) =>
  zlib.brotliCompressSync(fs.readFileSync(file), {
    params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY },
  }).length;

/** The scripts of one guests' page in the build under `root` (the project's folder). */
export function publicPageScripts(root: string, page: string): PageScripts {
  const clientDir = path.join(root, "build", "client");
  const router = readRouterManifest(path.join(clientDir, "assets"));
  const vite = readJson<Record<string, ViteChunk>>(
    path.join(clientDir, ".vite", "manifest.json"),
    "vite.config.ts schreibt es mit build.manifest",
  );
  const chunkModules = readJson<Record<string, string[]>>(
    path.join(clientDir, ".vite", "chunk-modules.json"),
    "vite.config.ts schreibt es (recordChunkModules)",
  );
  const byFile = new Map(Object.values(vite).map((chunk) => [chunk.file, chunk]));
  const fileOf = (key: string) => vite[key]?.file ?? key.replace(/^\//, "");

  const routes = matchRoutes(router, page);
  const starts = [
    router.entry.module,
    ...router.entry.imports,
    ...routes.flatMap((id) => routeFiles(router.routes[id])),
  ];

  // Static imports, transitively: what the page loads at once.
  const files = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    for (const key of byFile.get(file)?.imports ?? []) visit(fileOf(key));
  };
  for (const start of starts) visit(fileOf(start));

  // Dynamic imports, and everything they import in turn: what loads on a guest's action.
  const lazy = new Set<string>();
  const visitLazy = (file: string) => {
    if (files.has(file) || lazy.has(file)) return;
    lazy.add(file);
    const chunk = byFile.get(file);
    for (const key of [...(chunk?.imports ?? []), ...(chunk?.dynamicImports ?? [])]) visitLazy(fileOf(key));
  };
  for (const file of files) for (const key of byFile.get(file)?.dynamicImports ?? []) visitLazy(fileOf(key));

  const sizes: Record<string, number> = {};
  for (const file of files) sizes[file] = brotliSize(path.join(clientDir, file));
  const staffModules = [...files, ...lazy].flatMap((file) =>
    (chunkModules[file] ?? []).filter((id) => STAFF_MODULE.test(id)).map((id) => `${file}: ${id}`),
  );
  return {
    page,
    routes,
    files: [...files].sort((a, b) => (sizes[b] ?? 0) - (sizes[a] ?? 0)),
    sizes,
    brotliBytes: Object.values(sizes).reduce((sum, size) => sum + size, 0),
    lazyFiles: [...lazy].sort(),
    staffModules,
  };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

function main(argv: string[]): number {
  const root = path.resolve(import.meta.dirname, "..", "..");
  const budgetAt = argv.indexOf("--budget");
  const budgetKb = budgetAt === -1 ? undefined : Number(argv[budgetAt + 1]);
  if (budgetKb !== undefined && !(budgetKb > 0)) throw new Error("--budget braucht eine Zahl in KB");
  const pages = argv.filter(
    (argument, index) => argument.startsWith("/") && (budgetAt === -1 || index !== budgetAt + 1),
  );
  let failed = false;
  for (const page of pages.length > 0 ? pages : GUEST_PAGES) {
    const result = publicPageScripts(root, page);
    const over = budgetKb !== undefined && result.brotliBytes > budgetKb * 1024;
    process.stdout.write(
      `${page}: ${result.files.length} Skripte, ${kb(result.brotliBytes)} (brotli)${over ? ` — über ${budgetKb} KB` : ""}\n`,
    );
    for (const file of result.files)
      process.stdout.write(`  ${kb(result.sizes[file] ?? 0).padStart(9)}  ${file}\n`);
    for (const staff of result.staffModules) process.stdout.write(`  Code der Verwaltung: ${staff}\n`);
    failed ||= over || result.staffModules.length > 0;
  }
  return failed ? 1 : 0;
}

if (import.meta.main) process.exitCode = main(process.argv.slice(2));
