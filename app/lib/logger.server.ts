/**
 * Structured logs: one JSON object a line on stdout (errors on stderr), so a process manager or
 * `journalctl -o cat | jq` can read them. No dependency; the fields are ours to choose.
 */
export type LogLevel = "debug" | "info" | "warn" | "error";
type Threshold = LogLevel | "silent";
export type LogFields = Record<string, unknown>;

export interface Logger {
  debug(message: string, fields?: LogFields): void;
  info(message: string, fields?: LogFields): void;
  warn(message: string, fields?: LogFields): void;
  error(message: string, fields?: LogFields): void;
}

const rank: Record<Threshold, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

function serializeError(error: unknown): unknown {
  if (error instanceof Error) return { name: error.name, message: error.message, stack: error.stack };
  return error;
}

export function createLogger(threshold: Threshold = "info", write = defaultWrite): Logger {
  const log =
    (level: LogLevel) =>
    (message: string, fields: LogFields = {}) => {
      if (rank[level] < rank[threshold]) return;
      const entry: LogFields = { time: new Date().toISOString(), level, msg: message };
      for (const [key, value] of Object.entries(fields))
        entry[key] = key === "error" ? serializeError(value) : value;
      write(level, JSON.stringify(entry));
    };
  return { debug: log("debug"), info: log("info"), warn: log("warn"), error: log("error") };
}

function defaultWrite(level: LogLevel, line: string) {
  (level === "error" || level === "warn" ? process.stderr : process.stdout).write(`${line}\n`);
}
