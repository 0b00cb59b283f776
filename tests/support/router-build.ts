import type { ServerBuild } from "react-router";

/**
 * A React Router build for the pipeline's tests: the given entry and routes under an empty root,
 * and whatever else React Router wants of a build.
 */
export function testBuild(
  entry: (...args: never[]) => Response | Promise<Response>,
  routes: Record<string, Record<string, unknown>>,
): ServerBuild {
  return {
    entry: { module: { default: entry } },
    routes: {
      root: { id: "root", path: "", module: { default: () => null } },
      ...Object.fromEntries(
        Object.entries(routes).map(([id, route]) => [id, { id, parentId: "root", ...route }]),
      ),
    },
    assets: { entry: { module: "", imports: [] }, routes: {}, url: "", version: "1" },
    publicPath: "/",
    assetsBuildDirectory: "build/client",
    future: {},
    ssr: true,
    isSpaMode: false,
    prerender: [],
    routeDiscovery: { mode: "lazy", manifestPath: "/__manifest" },
  } as unknown as ServerBuild;
}
