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

/**
 * One character of a path as a browser or client may write it: itself in either case, or
 * percent-encoded (`%72` for `r`); React Router matches all of these to the same route.
 */
const spelled = (char: string) => {
  const forms = new Set([char.toLowerCase(), char.toUpperCase()]);
  const encoded = [...forms].map((form) => `%${form.charCodeAt(0).toString(16)}`);
  return `(?:${[...forms, ...encoded].map((form) => form.replace("/", "\\/")).join("|")})`;
};

/**
 * A guest's link, `/reservierung/<token>` (decision 0033), in any case and encoding: the token
 * opens the reservation to whoever reads the log. Everything up to the next separator goes.
 */
const GUEST_LINK = new RegExp(
  `${spelled("/")}${[..."reservierung"].map(spelled).join("")}${spelled("/")}[^/?#\\s"\\\\]+`,
  "gi",
);

/** The text as a log may keep it: every guest's link written `/reservierung/…`. */
export const redactGuestLinks = (text: string): string => text.replace(GUEST_LINK, "/reservierung/…");

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
      // Redacted here, once for every line and field (paths, error messages and stacks alike).
      write(level, redactGuestLinks(JSON.stringify(entry)));
    };
  return { debug: log("debug"), info: log("info"), warn: log("warn"), error: log("error") };
}

function defaultWrite(level: LogLevel, line: string) {
  (level === "error" || level === "warn" ? process.stderr : process.stdout).write(`${line}\n`);
}
