import path from "node:path";

/** The command-line tools, for the tests and drills that run them as an operator would. */
export type CliTool = "staff.ts" | "db-migrate.ts" | "db-backup.ts" | "db-restore.ts" | "compile-cache.ts";

/** A tool's file: named here once, so a move breaks the type check instead of a drill at run time. */
export const cliToolPath = (tool: CliTool): string => path.join(import.meta.dirname, tool);
