import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { writeReservationSettings } from "../app/features/reservations/settings/settings-store.server.ts";
import { DEFAULT_SETTINGS } from "../app/features/reservations/book/reservation-settings.ts";
import { addDays, berlinNow, weekdayOf } from "../app/lib/calendar.ts";
import type { DatabaseHandle, DatabaseTarget } from "../db/database.server.ts";
import { buildIfNeeded } from "../server/build-if-needed.ts";
import type { ParsedMail } from "mailparser";
import { startMailbox, type Mailbox } from "./support/mailbox.ts";
import { plainPng } from "./support/pictures.ts";
import { startS3Server, type TestS3Server } from "./support/s3-server.ts";
import { BENCH_STAFF, behindProxy } from "./support/production-server.ts";
import { root, spawnServer, type ServerProcess } from "./support/server-process.ts";
import { insertReservation } from "./support/reservations.ts";
import { readAll, until } from "./support/streams.ts";
import { testDatabases } from "./support/test-databases.ts";
import { removeFloorPlan } from "./support/tables.ts";

/**
 * Two servers on one PostgreSQL database and one S3 store behave as one site (decision 0039). Each
 * stands for a machine of its own: its own process, port and DATA_DIR; nothing shared but
 * DATABASE_URL, the store (and the mail server). Every point is made through one server and checked
 * through the other.
 */
const postgres = testDatabases().find((engine) => engine.dialect === "postgres");

interface Instance {
  server: ServerProcess;
  origin: string;
  dataDir: string;
}

/** A date far enough ahead that the demo content has no reservations on it, and open (not Monday). */
function quietDate(daysAhead: number): string {
  let date = addDays(berlinNow().date, daysAhead);
  while (weekdayOf(date) === "monday") date = addDays(date, 1);
  return date;
}

/**
 * A setting the test writes straight into the database reaches the servers by its NOTIFY, a moment
 * after the commit (a staff member's own server reads it at once).
 */
const settled = () => new Promise((resolve) => setTimeout(resolve, 300));

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

describe.skipIf(!postgres)("two servers on one PostgreSQL", () => {
  let database: DatabaseHandle & { target: DatabaseTarget };
  let mailbox: Mailbox;
  let store: TestS3Server;
  /** When the second server began to start: the day's housekeeping ran before, on the first. */
  let secondStartedAt = "";
  const instances: Instance[] = [];
  let a: Instance;
  let b: Instance;

  const start = async (env: Record<string, string>): Promise<Instance> => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tavola-instance-"));
    const server = spawnServer({
      NODE_ENV: "production",
      DATA_DIR: dataDir,
      DATABASE_URL: database.target.kind === "postgres" ? database.target.url : "",
      DEMO_CONTENT: "on",
      ADMIN_USERNAME: BENCH_STAFF.username,
      ADMIN_PASSWORD: BENCH_STAFF.password,
      SMTP_URL: mailbox.url,
      ...store.env,
      MAIL_FROM: "tavola@example.de",
      NOTIFY_EMAIL: "",
      MAIL_RETRY_SECONDS: "1",
      REMINDER_CHECK_SECONDS: "1",
      // Behind a proxy: the guest's address comes from X-Forwarded-For, so one guest can be sent to
      // both servers, as a proxy in front of them would.
      ...(await behindProxy()),
      LOG_LEVEL: "warn",
      ...env,
    });
    const instance = { server, origin: await server.ready(120_000), dataDir };
    instances.push(instance);
    return instance;
  };

  beforeAll(async () => {
    if (!postgres) return;
    buildIfNeeded(root, () => undefined);
    database = await postgres.open();
    mailbox = await startMailbox();
    store = await startS3Server();
    a = await start({});
    secondStartedAt = new Date().toISOString();
    b = await start({});
  }, 300_000);

  afterAll(async () => {
    for (const instance of instances) {
      await instance.server.stop();
      fs.rmSync(instance.dataDir, { recursive: true, force: true });
    }
    await mailbox?.stop();
    await store?.stop();
    await database?.close();
  }, 60_000);

  const postFrom = (instance: Instance, pathAndQuery: string, body: string, address: string, cookie = "") =>
    fetch(`${instance.origin}${pathAndQuery}`, {
      method: "POST",
      redirect: "manual",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        origin: instance.origin,
        "x-forwarded-for": address,
        ...(cookie ? { cookie } : {}),
      },
      body,
    });

  const signIn = async (instance: Instance, password = BENCH_STAFF.password, address = "198.51.100.1") => {
    const response = await postFrom(
      instance,
      "/login",
      form({ username: BENCH_STAFF.username, password }),
      address,
    );
    return { response, cookie: (response.headers.get("set-cookie") ?? "").split(";")[0] ?? "" };
  };

  const guestRequest = (instance: Instance, fields: Record<string, string>, address: string) =>
    postFrom(instance, "/_.data?index", form(fields), address);

  const guest = (name: string, date: string, partySize = 2) => ({
    name,
    email: `${name.toLowerCase().replace(/[^a-z0-9]/g, "")}@example.de`,
    date,
    time: "19:00",
    party_size: String(partySize),
    request_token: `${name}-${date}`.replace(/[^A-Za-z0-9-]/g, ""),
  });

  it("shares the staff session: signed in on one, signed in on the other, signed out on both", async () => {
    const { cookie } = await signIn(a);
    expect(cookie).toContain("=");
    const onB = await fetch(`${b.origin}/admin`, { headers: { cookie }, redirect: "manual" });
    expect(onB.status).toBe(200);
    await postFrom(b, "/logout", "", "198.51.100.1", cookie);
    const afterwards = await fetch(`${a.origin}/admin`, { headers: { cookie }, redirect: "manual" });
    expect(afterwards.status).toBe(302);
  });

  it("counts failed sign-ins of both servers together", async () => {
    const address = "198.51.100.7";
    const answers: string[] = [];
    for (let attempt = 0; attempt < 6; attempt += 1) {
      const { response } = await signIn(attempt % 2 === 0 ? a : b, "falsch-falsch-falsch", address);
      answers.push(await response.text());
    }
    // Five wrong attempts in 15 minutes (three on one, two on the other): the sixth is refused.
    expect(answers.slice(0, 5).every((page) => !page.includes("Zu viele Anmeldeversuche"))).toBe(true);
    expect(answers[5]).toContain("Zu viele Anmeldeversuche");
    // Even with the right password, from that address, on either server.
    const { response } = await signIn(a, BENCH_STAFF.password, address);
    expect(await response.text()).toContain("Zu viele Anmeldeversuche");
  });

  it("counts one guest's reservation requests on both servers against one limit", async () => {
    const address = "203.0.113.9";
    const date = quietDate(40);
    const statuses: number[] = [];
    for (let index = 0; index < 6; index += 1)
      statuses.push(
        (await guestRequest(index % 2 === 0 ? a : b, guest(`Limit ${index}`, date), address)).status,
      );
    // RESERVATION_RATE_LIMIT is 5 by default.
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it("books no more seats than there are, whichever server the guests reach", async () => {
    const handle = database;
    // Ten seats in all, and no tables (the demo's plan would decide instead): a change saved
    // elsewhere reaches both servers' kept settings and plan.
    await removeFloorPlan(handle.db);
    await handle.db
      .transaction()
      .execute((trx) =>
        writeReservationSettings(trx, { ...DEFAULT_SETTINGS, totalSeats: 10, onlineSeats: 10 }, "test"),
      );
    await settled();
    const date = quietDate(50);
    const statuses = await Promise.all(
      Array.from({ length: 12 }, (_, index) =>
        guestRequest(index % 2 === 0 ? a : b, guest(`Voll ${index}`, date), `203.0.113.${100 + index}`).then(
          (response) => response.status,
        ),
      ),
    );
    const held = await handle.db
      .selectFrom("reservations")
      .select((eb) => eb.fn.sum<number>("party_size").as("seats"))
      .where("reservation_date", "=", date)
      .where("status", "in", ["PENDING", "CONFIRMED"])
      .executeTakeFirst();
    expect(Number(held?.seats)).toBe(10);
    expect(statuses.filter((status) => status === 200)).toHaveLength(5);
    expect(statuses.filter((status) => status === 409)).toHaveLength(7);
    await handle.db.transaction().execute((trx) => writeReservationSettings(trx, DEFAULT_SETTINGS, "test"));
    await settled();
  });

  it("sends each e-mail once, whichever server wrote it and however many servers deliver", async () => {
    const date = quietDate(60);
    const names = Array.from({ length: 6 }, (_, index) => `Post${index}`);
    const statuses = await Promise.all(
      names.map((name, index) =>
        guestRequest(index % 2 === 0 ? a : b, guest(name, date), `203.0.113.${150 + index}`).then(
          (response) => response.status,
        ),
      ),
    );
    expect(statuses).toEqual(names.map(() => 200));
    const to = (name: string) => (mail: ParsedMail) =>
      mail.subject?.includes(`${name},`) === true ||
      (mail.to !== undefined && !Array.isArray(mail.to) && mail.to.text.includes(`${name.toLowerCase()}@`));
    // The guest's confirmation and the restaurant's notice, for each.
    await until(() => names.every((name) => mailbox.messages.filter(to(name)).length >= 2), 15_000);
    // Both servers deliver the outbox every second: a second copy would have come by now.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    for (const name of names) expect(mailbox.messages.filter(to(name))).toHaveLength(2);
    const waiting = await database.db
      .selectFrom("mail_outbox")
      .select("id")
      .where("sent_at", "is", null)
      .execute();
    expect(waiting).toEqual([]);
  });

  it("reminds each guest once, though both servers look every second", async () => {
    const tomorrow = addDays(berlinNow().date, 1);
    const names = ["Erinnerung Eins", "Erinnerung Zwei", "Erinnerung Drei"];
    const threeDaysAgo = new Date(Date.now() - 3 * 24 * 60 * 60 * 1000).toISOString();
    for (const name of names)
      await insertReservation(database.db, {
        name,
        date: tomorrow,
        time: "20:00",
        status: "CONFIRMED",
        createdAt: threeDaysAgo,
      });
    // From midnight on: due now, whatever the hour.
    await database.db
      .transaction()
      .execute((trx) => writeReservationSettings(trx, { ...DEFAULT_SETTINGS, reminderHour: 0 }, "test"));
    await settled();
    const to = (name: string) => (mail: ParsedMail) =>
      mail.to !== undefined &&
      !Array.isArray(mail.to) &&
      mail.to.text.includes(`${name.toLowerCase().replace(/\W+/g, ".")}@`);
    await until(() => names.every((name) => mailbox.messages.some(to(name))), 15_000);
    await new Promise((resolve) => setTimeout(resolve, 3000));
    for (const name of names) expect(mailbox.messages.filter(to(name))).toHaveLength(1);
    await database.db.transaction().execute((trx) => writeReservationSettings(trx, DEFAULT_SETTINGS, "test"));
    await settled();
  });

  it("runs the day's housekeeping on one server only", async () => {
    // Both looked at their start; only the first ran it (the second's run would have moved the time).
    const runs = await database.db.selectFrom("housekeeping_runs").selectAll().execute();
    expect(runs).toHaveLength(1);
    expect(runs[0]?.started_at.localeCompare(secondStartedAt)).toBeLessThan(0);
    expect(runs[0]?.finished_at).not.toBeNull();
  });

  it("shows guests of the other server a staff change at once", async () => {
    const { cookie } = await signIn(b, BENCH_STAFF.password, "198.51.100.20");
    // Kept in the other server's memory first.
    await fetch(`${a.origin}/mitteilungen`);
    const before = await (await fetch(`${a.origin}/mitteilungen`)).text();
    const title = `Neu ab heute ${Date.now()}`;
    expect(before).not.toContain(title);
    const saved = await postFrom(
      b,
      "/admin/mitteilungen",
      form({
        intent: "save",
        announcements: JSON.stringify([
          {
            title,
            content: "Trüffelwochen",
            type: "info",
            priority: "high",
            is_active: true,
            valid_until: "",
          },
        ]),
      }),
      "198.51.100.20",
      cookie,
    );
    expect([200, 302, 303]).toContain(saved.status);
    const stored = await database.db.selectFrom("announcements").select("title").execute();
    expect(stored.map((row) => row.title)).toEqual([title]);
    const onB = await (await fetch(`${b.origin}/mitteilungen`)).text();
    expect(onB).toContain(title);
    // The other server kept the page from before: its NOTIFY tells it the page is old.
    const told = Date.now();
    await expect
      .poll(async () => (await fetch(`${a.origin}/mitteilungen`)).text(), { interval: 10, timeout: 2000 })
      .toContain(title);
    expect(Date.now() - told).toBeLessThan(1000);
  });

  it("tells the staff screens of one server what a guest did on the other, at once", async () => {
    const { cookie } = await signIn(a, BENCH_STAFF.password, "198.51.100.30");
    const controller = new AbortController();
    const stream = await fetch(`${a.origin}/admin/live`, {
      headers: { cookie, accept: "text/event-stream" },
      signal: controller.signal,
    });
    expect(stream.status).toBe(200);
    const reading = readAll(stream);
    try {
      // The stream's server begins listening with its first look.
      await new Promise((resolve) => setTimeout(resolve, 300));
      const started = Date.now();
      const response = await guestRequest(b, guest("Live", quietDate(70), 3), "203.0.113.200");
      expect(response.status).toBe(200);
      await until(() => reading.text.includes("requested"), 3000);
      expect(Date.now() - started).toBeLessThan(2000);
    } finally {
      controller.abort();
    }
  });

  it("serves a picture uploaded through one server from the other, out of the store", async () => {
    const { cookie } = await signIn(a, BENCH_STAFF.password, "198.51.100.40");
    const upload = await fetch(`${a.origin}/admin/bilder/hochladen?ziel=galerie`, {
      method: "POST",
      headers: {
        cookie,
        origin: a.origin,
        "content-type": "image/png",
        "x-dateiname": "terrasse.png",
        "x-forwarded-for": "198.51.100.40",
      },
      body: new Uint8Array(await plainPng("#8a3b12", 1200, 800)),
    });
    expect(upload.status).toBe(201);
    const answer = (await upload.json()) as { address: string };
    expect(answer.address).toMatch(/^\/bilder\/hochgeladen\//);
    const onB = await fetch(`${b.origin}${answer.address}`);
    expect(onB.status).toBe(200);
    expect(onB.headers.get("cache-control")).toContain("immutable");
    expect((await onB.arrayBuffer()).byteLength).toBeGreaterThan(0);
    // Neither server's folder holds it: the store does.
    for (const instance of [a, b])
      expect(
        fs.existsSync(
          path.join(instance.dataDir, "pictures", answer.address.slice("/bilder/hochgeladen/".length)),
        ),
      ).toBe(false);
  });
});
