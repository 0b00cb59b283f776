import os from "node:os";
import path from "node:path";
import { z } from "zod";

/**
 * The run contract's environment, parsed once at start. A wrong value stops the start with a
 * message that names the variable; nothing here falls back silently from a value that was given.
 */
const emptyToUndefined = (value: unknown) =>
  typeof value === "string" && value.trim() === "" ? undefined : value;

const optionalText = z.preprocess(emptyToUndefined, z.string().trim().min(1).optional());

/** A wait in whole seconds, from one second to an hour. */
const seconds = (fallback: number) =>
  z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ error: "muss eine Zahl sein" })
      .int("muss eine ganze Zahl sein")
      .min(1, "muss mindestens 1 sein")
      .max(3600, "muss höchstens 3600 sein")
      .default(fallback),
  );

/** An http(s) address without a trailing slash. */
const optionalHttpUrl = z.preprocess(
  emptyToUndefined,
  z
    .url({ protocol: /^https?$/, error: "muss eine http(s)://…-URL sein" })
    .transform((value) => value.replace(/\/+$/, ""))
    .optional(),
);

/** What STORAGE=s3 needs, with an example each (decision 0038). */
const S3_REQUIRED = {
  S3_ENDPOINT: "z. B. https://s3.eu-central-1.amazonaws.com oder http://localhost:9000",
  S3_BUCKET: "z. B. tavola-bilder",
  S3_REGION: "z. B. eu-central-1 (MinIO: us-east-1)",
  S3_ACCESS_KEY_ID: "der Zugangsschlüssel des Bildspeichers",
  S3_SECRET_ACCESS_KEY: "das Geheimnis zum Zugangsschlüssel",
} as const;

const envSchema = z
  .object({
    NODE_ENV: z.preprocess(
      emptyToUndefined,
      z.enum(["development", "production", "test"]).default("production"),
    ),
    PORT: z.preprocess(
      emptyToUndefined,
      z.coerce
        .number({ error: "muss eine Zahl sein" })
        .int("muss eine ganze Zahl sein")
        .min(0, "muss zwischen 0 und 65535 liegen")
        .max(65535, "muss zwischen 0 und 65535 liegen")
        .default(3000),
    ),
    HOST: z.preprocess(emptyToUndefined, z.string().default("0.0.0.0")),
    DATA_DIR: z.preprocess(emptyToUndefined, z.string().default("./data")),
    DATABASE_URL: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .refine((value) => /^postgres(ql)?:\/\/.+/.test(value), "muss eine postgres://…-URL sein")
        .optional(),
    ),
    ADMIN_USERNAME: optionalText,
    ADMIN_PASSWORD: z.preprocess(
      emptyToUndefined,
      z.string().min(10, "muss mindestens 10 Zeichen lang sein").max(200).optional(),
    ),
    SMTP_URL: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .refine((value) => /^smtps?:\/\/[^/]+/.test(value), "muss eine smtp://… oder smtps://…-URL sein")
        .optional(),
    ),
    MAIL_FROM: optionalText,
    NOTIFY_EMAIL: z.preprocess(emptyToUndefined, z.email("muss eine gültige E-Mail-Adresse sein").optional()),
    PUBLIC_URL: z.preprocess(
      emptyToUndefined,
      z
        .url({ protocol: /^https?$/, error: "muss eine http(s)://…-URL sein" })
        .transform((value) => value.replace(/\/+$/, ""))
        .optional(),
    ),
    TRUST_PROXY: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .default("false")
        .transform((value, ctx) => {
          const text = value.trim().toLowerCase();
          if (text === "false") return 0;
          if (text === "true") return 1;
          if (/^\d+$/.test(text) && Number(text) <= 10) return Number(text);
          ctx.addIssue({
            code: "custom",
            message: "muss true, false oder die Zahl der vertrauenswürdigen Proxys (0–10) sein",
          });
          return z.NEVER;
        }),
    ),
    TRUST_PROXY_HEADER: z.preprocess(
      emptyToUndefined,
      z
        .enum(["x-forwarded-for", "forwarded"], { error: "muss x-forwarded-for oder forwarded sein" })
        .default("x-forwarded-for"),
    ),
    RESERVATION_RATE_LIMIT: z.preprocess(
      emptyToUndefined,
      z.coerce
        .number({ error: "muss eine Zahl sein" })
        .int("muss eine ganze Zahl sein")
        .min(0, "muss 0 (kein Limit) oder größer sein")
        .max(1_000_000, "muss höchstens 1000000 sein")
        .default(5),
    ),
    MAIL_RETRY_SECONDS: seconds(60),
    REMINDER_CHECK_SECONDS: seconds(60),
    BACKUP_RETENTION_DAYS: z.preprocess(
      emptyToUndefined,
      z.coerce
        .number({ error: "muss eine Zahl sein" })
        .int("muss eine ganze Zahl sein")
        .min(1, "muss mindestens 1 sein")
        .max(3650, "muss höchstens 3650 sein")
        .default(30),
    ),
    DEMO_CONTENT: z.preprocess(
      emptyToUndefined,
      z.enum(["on", "off"], { error: "muss on oder off sein" }).default("on"),
    ),
    LOG_LEVEL: z.preprocess(
      emptyToUndefined,
      z.enum(["debug", "info", "warn", "error", "silent"]).default("info"),
    ),
    WORKERS: z.preprocess(
      emptyToUndefined,
      z
        .union([
          z.literal("auto"),
          z.coerce
            .number({ error: "muss auto oder eine Zahl sein" })
            .int("muss eine ganze Zahl sein")
            .min(1, "muss mindestens 1 sein")
            .max(64, "muss höchstens 64 sein"),
        ])
        .default(1),
    ),
    STORAGE: z.preprocess(
      emptyToUndefined,
      z.enum(["file", "s3"], { error: "muss file oder s3 sein" }).default("file"),
    ),
    S3_ENDPOINT: optionalHttpUrl,
    S3_BUCKET: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(
          /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
          "muss ein Bucket-Name sein (3–63 Kleinbuchstaben, Ziffern, Punkte und Bindestriche)",
        )
        .optional(),
    ),
    S3_REGION: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(/^[a-z0-9][a-z0-9-]{1,40}$/, "muss eine Region sein, z. B. eu-central-1")
        .optional(),
    ),
    S3_ACCESS_KEY_ID: optionalText,
    S3_SECRET_ACCESS_KEY: optionalText,
    S3_FORCE_PATH_STYLE: z.preprocess(
      emptyToUndefined,
      z.enum(["true", "false"], { error: "muss true oder false sein" }).default("false"),
    ),
    S3_PUBLIC_URL: optionalHttpUrl,
  })
  .superRefine((env, ctx) => {
    if (env.STORAGE === "s3") {
      for (const [name, example] of Object.entries(S3_REQUIRED)) {
        if (env[name as keyof typeof S3_REQUIRED] === undefined)
          ctx.addIssue({
            code: "custom",
            path: [name],
            message: `muss mit STORAGE=s3 gesetzt sein (${example})`,
          });
      }
    }
    // Behind a proxy the server cannot know the public address: without PUBLIC_URL, cookies would
    // not be Secure and links would point at the internal host (docs/decisions/0009).
    if (env.NODE_ENV === "production" && env.TRUST_PROXY > 0 && !env.PUBLIC_URL) {
      ctx.addIssue({
        code: "custom",
        path: ["PUBLIC_URL"],
        message:
          "muss mit TRUST_PROXY gesetzt sein, z. B. https://www.ristorante-tavola.de (sonst wären die Anmelde-Cookies nicht Secure)",
      });
    }
    if (Boolean(env.ADMIN_USERNAME) !== Boolean(env.ADMIN_PASSWORD)) {
      ctx.addIssue({
        code: "custom",
        path: [env.ADMIN_USERNAME ? "ADMIN_PASSWORD" : "ADMIN_USERNAME"],
        message: "ADMIN_USERNAME und ADMIN_PASSWORD müssen zusammen gesetzt werden",
      });
    }
  });

export type Env = z.output<typeof envSchema>;

/** Where uploaded pictures are kept (decisions 0019, 0038). */
export type PictureStoreConfig =
  | { kind: "file"; dir: string }
  | {
      kind: "s3";
      endpoint: string;
      bucket: string;
      region: string;
      accessKeyId: string;
      secretAccessKey: string;
      /** `endpoint/bucket/key` instead of `bucket.endpoint/key` (MinIO and most self-hosted stores). */
      forcePathStyle: boolean;
      /** Where browsers load pictures straight from the store (a CDN or a public bucket); else through us. */
      publicUrl: string | undefined;
    };

export interface Config {
  env: Env["NODE_ENV"];
  port: number;
  host: string;
  dataDir: string;
  database: { kind: "sqlite"; file: string } | { kind: "postgres"; url: string };
  admin: { username: string; password: string } | undefined;
  smtpUrl: string | undefined;
  mailFrom: string | undefined;
  notifyEmail: string | undefined;
  publicUrl: string | undefined;
  /** Cookies get `Secure` and the `__Host-` prefix, responses HSTS, only when the public URL is https. */
  secureCookies: boolean;
  /** Reverse proxies in front of the server whose forwarding headers are believed (docs/decisions/0009). */
  proxy: { hops: number; header: "x-forwarded-for" | "forwarded" };
  /** Reservation requests one address may send per 10 minutes; 0 = no limit (decision 0017). */
  reservationRateLimit: number;
  /** The first retry of an e-mail that could not be sent; each further wait doubles (at most an hour). */
  mailRetryMs: number;
  /** How often the server looks for guests to remind of tomorrow's visit (decision 0033). */
  reminderCheckMs: number;
  /**
   * Days a backup archive is kept: db:backup removes older ones from its folder, and the privacy
   * page states it (decision 0042).
   */
  backupRetentionDays: number;
  demoContent: boolean;
  logLevel: Env["LOG_LEVEL"];
  /** Server processes sharing the port (decision 0021); "auto" is one per core. */
  workers: number;
  pictures: PictureStoreConfig;
}

export class ConfigError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(`Ungültige Konfiguration:\n${problems.map((problem) => `  - ${problem}`).join("\n")}`);
    this.name = "ConfigError";
    this.problems = problems;
  }
}

export function parseConfig(source: Record<string, string | undefined>): Config {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    throw new ConfigError(
      result.error.issues.map((issue) => {
        const name = String(issue.path[0] ?? "Umgebung");
        return `${name}: ${issue.message}`;
      }),
    );
  }
  const env = result.data;
  const dataDir = path.resolve(env.DATA_DIR);
  return {
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    dataDir,
    database: env.DATABASE_URL
      ? { kind: "postgres", url: env.DATABASE_URL }
      : { kind: "sqlite", file: path.join(dataDir, "tavola.sqlite") },
    admin:
      env.ADMIN_USERNAME && env.ADMIN_PASSWORD
        ? { username: env.ADMIN_USERNAME, password: env.ADMIN_PASSWORD }
        : undefined,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    notifyEmail: env.NOTIFY_EMAIL,
    publicUrl: env.PUBLIC_URL,
    secureCookies: env.PUBLIC_URL?.startsWith("https://") ?? false,
    proxy: { hops: env.TRUST_PROXY, header: env.TRUST_PROXY_HEADER },
    reservationRateLimit: env.RESERVATION_RATE_LIMIT,
    mailRetryMs: env.MAIL_RETRY_SECONDS * 1000,
    reminderCheckMs: env.REMINDER_CHECK_SECONDS * 1000,
    backupRetentionDays: env.BACKUP_RETENTION_DAYS,
    demoContent: env.DEMO_CONTENT === "on",
    logLevel: env.LOG_LEVEL,
    workers: env.WORKERS === "auto" ? os.availableParallelism() : env.WORKERS,
    pictures:
      env.STORAGE === "s3"
        ? {
            kind: "s3",
            // Checked in superRefine: with STORAGE=s3 each of these is set.
            endpoint: env.S3_ENDPOINT ?? "",
            bucket: env.S3_BUCKET ?? "",
            region: env.S3_REGION ?? "",
            accessKeyId: env.S3_ACCESS_KEY_ID ?? "",
            secretAccessKey: env.S3_SECRET_ACCESS_KEY ?? "",
            forcePathStyle: env.S3_FORCE_PATH_STYLE === "true",
            publicUrl: env.S3_PUBLIC_URL,
          }
        : { kind: "file", dir: path.join(dataDir, "pictures") },
  };
}

/**
 * Settings that work but weaken the site, said loudly at start: a production server whose public
 * address is plain http sends its sign-in cookie without `Secure` (docs/decisions/0009).
 */
export function configWarnings(config: Config): string[] {
  const warnings: string[] = [];
  if (config.env !== "production") return warnings;
  const publicUrl = config.publicUrl ? new URL(config.publicUrl) : undefined;
  const local = (host: string) => host === "localhost" || host === "127.0.0.1" || host === "[::1]";
  if (publicUrl && publicUrl.protocol === "http:" && !local(publicUrl.hostname)) {
    warnings.push(
      `PUBLIC_URL ist ${config.publicUrl} (http): Das Anmelde-Cookie ist nicht Secure und kann im Netz mitgelesen werden. Betreiben Sie die Website über https und setzen Sie PUBLIC_URL=https://…`,
    );
  }
  return warnings;
}

/** For processes (server, command-line tools): the configuration, or exit 1 with the problems listed. */
export function parseConfigOrExit(source: Record<string, string | undefined>): Config {
  try {
    return parseConfig(source);
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
}
