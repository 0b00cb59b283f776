import { RouterContextProvider, UNSAFE_ErrorResponseImpl as ErrorResponseImpl } from "react-router";
import { describe, expect, it } from "vitest";
import { appContext, type AppServices } from "./common/app-context.ts";
import { handleError } from "./entry.server.tsx";
import { createLogger } from "./lib/logger.server.ts";

const token = "TrIlyjKcJN2E9Waj7JopqRFAdPPcBqhb";

describe("React Router's errors (decision 0041)", () => {
  it("go to the JSON log with guests' links redacted, not to the console", () => {
    const lines: string[] = [];
    const context = new RouterContextProvider();
    context.set(appContext, {
      logger: createLogger("debug", (_level, line) => lines.push(line)),
    } as AppServices);
    const path = `/Reservierung/${token}/x`;
    const request = new Request(`http://localhost${path}`, { method: "POST" });
    // What React Router answers a POST to a page without an action: its message names the path.
    const refusal = new ErrorResponseImpl(
      405,
      "Method Not Allowed",
      new Error(
        `You made a POST request to "${path}" but did not provide an \`action\` for route "routes/site/not-found"`,
      ),
      true,
    );
    handleError(refusal, { request, context, params: {} });
    handleError(new Error(`loader of ${path} failed`), { request, context, params: {} });
    expect(lines).toHaveLength(2);
    for (const line of lines) {
      expect(line).not.toContain(token);
      expect(line).toContain("/reservierung/…/x");
    }
    expect(JSON.parse(lines[0] ?? "{}")).toMatchObject({ level: "error", msg: "route error" });
  });
});
