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
});
