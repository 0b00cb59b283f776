import { buildIfNeeded } from "../../../server/build-if-needed.ts";
import { root } from "../../support/server-process.ts";

/**
 * Once before the workers start: build the app if the sources changed, so that the servers the
 * workers start do not all build at the same time.
 */
export default function globalSetup(): void {
  buildIfNeeded(root, (line) => process.stdout.write(`${line}\n`));
}
