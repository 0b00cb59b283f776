import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, configWarnings, parseConfig } from "./env.server.ts";

function problemsOf(source: Record<string, string>): string[] {
  try {
    parseConfig(source);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe("parseConfig", () => {
  it("runs with no variables at all: port 3000, SQLite in ./data, demo content on", () => {
    const config = parseConfig({});
    expect(config.port).toBe(3000);
    expect(config.database).toEqual({ kind: "sqlite", file: path.resolve("data", "tavola.sqlite") });
    expect(config.demoContent).toBe(true);
    expect(config.admin).toBeUndefined();
    expect(config.secureCookies).toBe(false);
  });

  it("runs one server process unless WORKERS asks for more; auto is one per core", () => {
    expect(parseConfig({}).workers).toBe(1);
    expect(parseConfig({ WORKERS: "2" }).workers).toBe(2);
    expect(parseConfig({ WORKERS: "auto" }).workers).toBe(os.availableParallelism());
    for (const wrong of ["0", "viele", "1.5", "65"])
      expect(problemsOf({ WORKERS: wrong }).join(" ")).toContain("WORKERS");
  });

  it("uses PostgreSQL for a postgres:// DATABASE_URL", () => {
    expect(parseConfig({ DATABASE_URL: "postgres://u:p@db:5432/tavola" }).database).toEqual({
      kind: "postgres",
      url: "postgres://u:p@db:5432/tavola",
    });
  });

  it("names the variable of every wrong value", () => {
    const problems = problemsOf({
      PORT: "achtzig",
      DATABASE_URL: "mysql://x",
      PUBLIC_URL: "ftp://x",
      DEMO_CONTENT: "vielleicht",
    });
    expect(problems.join("\n")).toMatch(/PORT/);
    expect(problems.join("\n")).toMatch(/DATABASE_URL/);
    expect(problems.join("\n")).toMatch(/PUBLIC_URL/);
    expect(problems.join("\n")).toMatch(/DEMO_CONTENT/);
  });

  it("refuses a port out of range and an invalid notification address", () => {
    expect(problemsOf({ PORT: "70000" })[0]).toMatch(/^PORT:/);
    expect(problemsOf({ NOTIFY_EMAIL: "kein-mail" })[0]).toMatch(/^NOTIFY_EMAIL:/);
  });

  it("wants ADMIN_USERNAME and ADMIN_PASSWORD together, and a password of 10 characters", () => {
    expect(problemsOf({ ADMIN_USERNAME: "chef" })[0]).toMatch(/^ADMIN_PASSWORD:/);
    expect(problemsOf({ ADMIN_USERNAME: "chef", ADMIN_PASSWORD: "kurz" })[0]).toMatch(/^ADMIN_PASSWORD:/);
    expect(parseConfig({ ADMIN_USERNAME: "chef", ADMIN_PASSWORD: "lang-genug-1" }).admin).toEqual({
      username: "chef",
      password: "lang-genug-1",
    });
  });

  it("uses secure cookies only behind an https PUBLIC_URL", () => {
    expect(parseConfig({ PUBLIC_URL: "https://tavola.example/" })).toMatchObject({
      publicUrl: "https://tavola.example",
      secureCookies: true,
    });
    expect(parseConfig({ PUBLIC_URL: "http://localhost:3000" }).secureCookies).toBe(false);
  });

  it("treats empty values as unset", () => {
    expect(parseConfig({ PORT: "", DATABASE_URL: " " }).port).toBe(3000);
  });

  it("reads TRUST_PROXY as a number of trusted proxies and Forwarded only on request", () => {
    const behindProxy = { PUBLIC_URL: "https://tavola.example" };
    expect(parseConfig({}).proxy).toEqual({ hops: 0, header: "x-forwarded-for" });
    expect(parseConfig({ ...behindProxy, TRUST_PROXY: "true" }).proxy.hops).toBe(1);
    expect(parseConfig({ ...behindProxy, TRUST_PROXY: "2", TRUST_PROXY_HEADER: "forwarded" }).proxy).toEqual({
      hops: 2,
      header: "forwarded",
    });
    expect(problemsOf({ TRUST_PROXY: "ja" })[0]).toMatch(/^TRUST_PROXY:/);
    expect(problemsOf({ TRUST_PROXY_HEADER: "x-real-ip" })[0]).toMatch(/^TRUST_PROXY_HEADER:/);
  });

  it("refuses to run in production behind a proxy without PUBLIC_URL", () => {
    expect(problemsOf({ TRUST_PROXY: "true" })[0]).toMatch(/^PUBLIC_URL: muss mit TRUST_PROXY gesetzt sein/);
    expect(problemsOf({ TRUST_PROXY: "true", NODE_ENV: "development" })).toEqual([]);
  });

  it("says loudly when a production site's public address is plain http", () => {
    expect(configWarnings(parseConfig({ PUBLIC_URL: "http://tavola.example" }))[0]).toMatch(/nicht Secure/);
    expect(configWarnings(parseConfig({ PUBLIC_URL: "https://tavola.example" }))).toEqual([]);
    expect(configWarnings(parseConfig({ PUBLIC_URL: "http://localhost:3000" }))).toEqual([]);
  });

  describe("picture store (decision 0038)", () => {
    const s3 = {
      STORAGE: "s3",
      S3_ENDPOINT: "http://localhost:9000/",
      S3_BUCKET: "tavola-bilder",
      S3_REGION: "eu-central-1",
      S3_ACCESS_KEY_ID: "schluessel",
      S3_SECRET_ACCESS_KEY: "geheim",
    };

    it("keeps pictures in DATA_DIR/pictures unless STORAGE=s3", () => {
      expect(parseConfig({ DATA_DIR: "/srv/tavola" }).pictures).toEqual({
        kind: "file",
        dir: path.resolve("/srv/tavola", "pictures"),
      });
      expect(problemsOf({ STORAGE: "ftp" })[0]).toMatch(/^STORAGE: muss file oder s3 sein/);
    });

    it("reads an S3 store, path style and public address as given", () => {
      expect(
        parseConfig({ ...s3, S3_FORCE_PATH_STYLE: "true", S3_PUBLIC_URL: "https://bilder.example/tavola/" })
          .pictures,
      ).toEqual({
        kind: "s3",
        endpoint: "http://localhost:9000",
        bucket: "tavola-bilder",
        region: "eu-central-1",
        accessKeyId: "schluessel",
        secretAccessKey: "geheim",
        forcePathStyle: true,
        publicUrl: "https://bilder.example/tavola",
      });
      expect(parseConfig(s3).pictures).toMatchObject({ forcePathStyle: false, publicUrl: undefined });
    });

    it("stops with STORAGE=s3 when a required variable is missing, naming each", () => {
      for (const name of [
        "S3_ENDPOINT",
        "S3_BUCKET",
        "S3_REGION",
        "S3_ACCESS_KEY_ID",
        "S3_SECRET_ACCESS_KEY",
      ]) {
        const problems = problemsOf({ ...s3, [name]: "" });
        expect(problems, name).toHaveLength(1);
        expect(problems[0], name).toMatch(new RegExp(`^${name}: muss mit STORAGE=s3 gesetzt sein`));
      }
    });

    it("stops on a malformed value, naming the variable", () => {
      const cases: Array<[string, string]> = [
        ["S3_ENDPOINT", "localhost:9000"],
        ["S3_ENDPOINT", "ftp://speicher"],
        ["S3_BUCKET", "Tavola_Bilder"],
        ["S3_BUCKET", "ab"],
        ["S3_REGION", "Frankfurt am Main"],
        ["S3_FORCE_PATH_STYLE", "ja"],
        ["S3_PUBLIC_URL", "bilder.example"],
      ];
      for (const [name, value] of cases) {
        const problems = problemsOf({ ...s3, [name]: value });
        expect(problems, `${name}=${value}`).toHaveLength(1);
        expect(problems[0], `${name}=${value}`).toMatch(new RegExp(`^${name}: `));
      }
    });
  });
});
