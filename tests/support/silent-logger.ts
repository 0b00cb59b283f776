import type { Logger, LogFields } from "../../app/lib/logger.server.ts";

/** A logger that keeps what it was told, for assertions. */
export function recordingLogger() {
  const entries: Array<{ level: string; message: string; fields?: LogFields | undefined }> = [];
  const at = (level: string) => (message: string, fields?: LogFields) => {
    entries.push({ level, message, fields });
  };
  const logger: Logger = { debug: at("debug"), info: at("info"), warn: at("warn"), error: at("error") };
  return { logger, entries };
}
