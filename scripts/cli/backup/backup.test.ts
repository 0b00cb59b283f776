import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import zlib from "node:zlib";
import { DatabaseSync } from "node:sqlite";
import { sql } from "kysely";
import pg from "pg";
import { PutObjectCommand, S3Client } from "@aws-sdk/client-s3";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { openDatabase, type DatabaseTarget } from "../../../db/database.server.ts";
import { fileStorage, type PictureStorage } from "../../../app/common/pictures/storage.server.ts";
import {
  openPictureStorage,
  type OpenedPictureStorage,
} from "../../../app/common/pictures/open-storage.server.ts";
import { parseConfig } from "../../../app/lib/env.server.ts";
import { startS3Server, type TestS3Server } from "../../../tests/support/s3-server.ts";
import type { Dialect } from "../../../db/dialect.ts";
import { migrateToLatest, migrationNames } from "../../../db/migrate.ts";
import { seedDemoContent } from "../../../app/demo/demo.ts";
import { createBackup } from "./create.ts";
import { restoreBackup } from "./restore.ts";
import { BACKED_UP_TABLES, EPHEMERAL_TABLES, loose } from "./tables.ts";
import { readTar, tarHeader, tarStream, type TarEntry } from "./tar.ts";

/**
 * Backup and restore on real engines: SQLite always, PostgreSQL when the run has one (a throwaway
 * server, tests/support/vitest-global-setup.ts). Each site is a DATA_DIR (its pictures) and a database.
 */
const postgresUrl = inject("postgresUrl");
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "tavola-backup-"));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

interface Site {
  dataDir: string;
  target: DatabaseTarget;
  dispose(): Promise<void>;
}

const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const cleanup of cleanups) await cleanup();
});

async function newSite(dialect: Dialect): Promise<Site> {
  const dataDir = path.join(scratch, `site-${randomBytes(4).toString("hex")}`);
  if (dialect === "sqlite") {
    const site = {
      dataDir,
      target: { kind: "sqlite", file: path.join(dataDir, "tavola.sqlite") } as const,
      dispose: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
    };
    cleanups.push(site.dispose);
    return site;
  }
  if (!postgresUrl) throw new Error("no PostgreSQL");
  const name = `backup_${randomBytes(5).toString("hex")}`;
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(postgresUrl);
  url.pathname = `/${name}`;
  const site = {
    dataDir,
    target: { kind: "postgres", url: url.toString() } as const,
    async dispose() {
      fs.rmSync(dataDir, { recursive: true, force: true });
      const cleanup = new pg.Client({ connectionString: postgresUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
  cleanups.push(site.dispose);
  return site;
}

const now = "2026-11-25T18:00:00.000Z";

/** The demo site, plus what the demo lacks: a category pointing at a later one, a reservation with its e-mail, odd text, sessions. */
async function seed(site: Site, pictures?: PictureStorage) {
  const handle = openDatabase(site.target);
  try {
    await migrateToLatest(handle);
    await seedDemoContent(handle.db, {
      pictures: { files: pictures ?? fileStorage(path.join(site.dataDir, "pictures")) },
    });
    const { db } = handle;
    const child = await db
      .insertInto("categories")
      .values({ name: "Kind", display_order: 1, parent_id: null, created_at: now, updated_at: now })
      .returning("id")
      .executeTakeFirstOrThrow();
    const parent = await db
      .insertInto("categories")
      .values({
        name: "Später angelegt",
        display_order: 2,
        parent_id: null,
        created_at: now,
        updated_at: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await db.updateTable("categories").set({ parent_id: parent.id }).where("id", "=", child.id).execute();
    const reservation = await db
      .insertInto("reservations")
      .values({
        customer_name: "Jürgen „Jo“ Weiß 🍕",
        customer_name_search: "jurgen jo weiss",
        email: "jo@example.de",
        phone_number: null,
        reservation_date: "2026-12-24",
        reservation_time: "19:30",
        party_size: 4,
        notes: 'Zeile 1\nZeile 2\t"zitiert"\\',
        status: "PENDING",
        request_token: "token-1",
        created_at: now,
        updated_at: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await db
      .insertInto("mail_outbox")
      .values({
        kind: "reservation_notice",
        recipient: "kueche@example.de",
        subject: "Neue Reservierung",
        text_body: "Text",
        reservation_id: reservation.id,
        status: "pending",
        attempts: 0,
        next_attempt_at: now,
        created_at: now,
      })
      .execute();
    const user = await db
      .insertInto("staff_users")
      .values({
        username: "Anna",
        username_normalized: "anna",
        password_hash: "scrypt$x",
        password_set_by: "staff",
        created_at: now,
        updated_at: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await db
      .insertInto("staff_sessions")
      .values({
        id: "s1",
        user_id: user.id,
        created_at: now,
        last_seen_at: now,
        expires_at: now,
        user_agent: null,
      })
      .execute();
    await db
      .insertInto("rate_limit_counters")
      .values({ key: "k", hits: 1, window_started_at: now, expires_at: now })
      .execute();
    // The demo content's settings give way to these, which set every column.
    await db.deleteFrom("reservation_closures").execute();
    await db.deleteFrom("reservation_settings").execute();
    await db
      .insertInto("reservation_settings")
      .values({
        id: 1,
        total_seats: 40,
        online_seats: 24,
        stay_small_minutes: 90,
        stay_medium_minutes: 120,
        stay_large_minutes: 150,
        arrivals_per_slot: null,
        largest_online_party: 8,
        lead_minutes: 60,
        horizon_months: 6,
        auto_confirm_up_to: 2,
        updated_at: now,
        updated_by: "Anna",
      })
      .execute();
    await db
      .insertInto("reservation_closures")
      .values({ starts_on: "2026-08-01", ends_on: "2026-08-21", note: "Betriebsferien „Sommer“" })
      .execute();
    await db
      .insertInto("reservation_day_hours")
      .values({ day: "2026-12-24", opens: "17:00", closes: "21:00", note: "" })
      .execute();
  } finally {
    await handle.close();
  }
}

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

/** Every backed-up table as sorted JSON of its rows — written apart from the restore's own check. */
async function contentsOf(target: DatabaseTarget): Promise<Record<string, string[]>> {
  const handle = openDatabase(target);
  try {
    const contents: Record<string, string[]> = {};
    for (const table of [...BACKED_UP_TABLES.map((t) => t.name), ...Object.keys(EPHEMERAL_TABLES)]) {
      const rows = await loose(handle.db).selectFrom(table).selectAll().execute();
      contents[table] = rows
        .map((row) =>
          JSON.stringify(
            Object.keys(row)
              .sort()
              .map((key) => {
                const value = row[key];
                return [
                  key,
                  typeof value === "string" && ISO.test(value) ? new Date(value).toISOString() : value,
                ];
              }),
          ),
        )
        .sort();
    }
    return contents;
  } finally {
    await handle.close();
  }
}

function filesOf(dataDir: string): Record<string, string> {
  const root = path.join(dataDir, "pictures");
  if (!fs.existsSync(root)) return {};
  const found: Record<string, string> = {};
  for (const file of fs.readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (!file.isFile()) continue;
    const full = path.join(file.parentPath, file.name);
    found[path.relative(root, full)] = fs.readFileSync(full).toString("base64");
  }
  return found;
}

async function backupOf(site: Site, pictures?: PictureStorage): Promise<string> {
  const handle = openDatabase(site.target);
  try {
    const target = path.join(scratch, `archive-${randomBytes(4).toString("hex")}.tar.gz`);
    await createBackup({ database: handle, dataDir: site.dataDir, target, pictures });
    return target;
  } finally {
    await handle.close();
  }
}

async function restoreInto(archive: string, site: Site) {
  return restoreBackup({ archive, dataDir: site.dataDir, target: site.target });
}

/** Whether the target holds nothing at all: no tables, no pictures. */
async function isEmpty(site: Site): Promise<boolean> {
  if (Object.keys(filesOf(site.dataDir)).length > 0) return false;
  if (site.target.kind === "sqlite" && !fs.existsSync(site.target.file)) return true;
  const handle = openDatabase(site.target);
  try {
    return (await handle.db.introspection.getTables({ withInternalKyselyTables: true })).length === 0;
  } finally {
    await handle.close();
  }
}

const engines: Dialect[] = postgresUrl ? ["sqlite", "postgres"] : ["sqlite"];
const pairs = engines.flatMap((from) => engines.map((to) => [from, to] as const));

describe("backup and restore", () => {
  for (const [from, to] of pairs) {
    it(`restores a ${from} backup into ${to}: every table and every picture the same, new ids fresh`, async () => {
      const source = await newSite(from);
      await seed(source);
      const archive = await backupOf(source);
      const copy = await newSite(to);
      const result = await restoreInto(archive, copy);

      const before = await contentsOf(source.target);
      const after = await contentsOf(copy.target);
      for (const table of BACKED_UP_TABLES) expect(after[table.name], table.name).toEqual(before[table.name]);
      expect(before.reservations?.some((row) => row.includes("Jürgen „Jo“ Weiß 🍕"))).toBe(true);
      expect(before.staff_sessions).toHaveLength(1);
      // Left out on purpose: staff sign in again, counters start afresh.
      for (const table of Object.keys(EPHEMERAL_TABLES)) expect(after[table], table).toEqual([]);
      const pictures = filesOf(source.dataDir);
      expect(Object.keys(pictures).length).toBeGreaterThan(10);
      expect(filesOf(copy.dataDir)).toEqual(pictures);
      expect(result.files).toBe(Object.keys(pictures).length);
      expect(result.manifest.missingFiles).toEqual([]);
      // No staging folder left behind.
      expect(fs.readdirSync(copy.dataDir).filter((name) => name.startsWith("."))).toEqual([]);

      const handle = openDatabase(copy.target);
      try {
        const max = await handle.db
          .selectFrom("reservations")
          .select((eb) => eb.fn.max("id").as("id"))
          .executeTakeFirstOrThrow();
        const fresh = await handle.db
          .insertInto("reservations")
          .values({
            customer_name: "Neu",
            customer_name_search: "neu",
            email: null,
            phone_number: null,
            reservation_date: "2026-12-25",
            reservation_time: "12:00",
            party_size: 2,
            notes: null,
            status: "PENDING",
            request_token: null,
            created_at: now,
            updated_at: now,
          })
          .returning("id")
          .executeTakeFirstOrThrow();
        expect(fresh.id).toBeGreaterThan(Number(max.id));
      } finally {
        await handle.close();
      }
    });
  }

  it("every table the migrations create is either backed up or left out with a reason", async () => {
    const site = await newSite("sqlite");
    const handle = openDatabase(site.target);
    try {
      await migrateToLatest(handle);
      const tables = (await handle.db.introspection.getTables()).map((table) => table.name).sort();
      const known = [...BACKED_UP_TABLES.map((table) => table.name), ...Object.keys(EPHEMERAL_TABLES)].sort();
      expect(tables).toEqual(known);
      await sql`create table something_new (id integer primary key)`.execute(handle.db);
      await expect(
        createBackup({
          database: handle,
          dataDir: site.dataDir,
          target: path.join(site.dataDir, "x.tar.gz"),
        }),
      ).rejects.toThrow(/nicht kennt: something_new/);
      expect(fs.existsSync(path.join(site.dataDir, "x.tar.gz"))).toBe(false);
    } finally {
      await handle.close();
    }
  });

  it("never replaces an existing file and leaves no half-written archive", async () => {
    const site = await newSite("sqlite");
    await seed(site);
    const target = path.join(site.dataDir, "backups", "a.tar.gz");
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.writeFileSync(target, "vorher");
    const handle = openDatabase(site.target);
    try {
      await expect(createBackup({ database: handle, dataDir: site.dataDir, target })).rejects.toThrow(
        /gibt es schon/,
      );
    } finally {
      await handle.close();
    }
    expect(fs.readFileSync(target, "utf8")).toBe("vorher");
    expect(fs.readdirSync(path.dirname(target))).toEqual(["a.tar.gz"]);
    expect(fs.readdirSync(site.dataDir).filter((name) => name.startsWith("."))).toEqual([]);
  });

  it("reads one snapshot without waiting for a writer, and without its uncommitted rows", async () => {
    const site = await newSite("sqlite");
    await seed(site);
    const writer = new DatabaseSync(site.target.kind === "sqlite" ? site.target.file : "", { timeout: 0 });
    writer.exec("begin immediate");
    writer.exec(`delete from reservations`);
    try {
      const started = performance.now();
      const archive = await backupOf(site);
      expect(performance.now() - started).toBeLessThan(4000);
      const copy = await newSite("sqlite");
      await restoreInto(archive, copy);
      expect((await contentsOf(copy.target)).reservations).toEqual(
        (await contentsOf(site.target)).reservations,
      );
      expect((await contentsOf(copy.target)).reservations?.length).toBeGreaterThan(0);
    } finally {
      writer.exec("rollback");
      writer.close();
    }
  });
});

describe("backup and restore with the pictures in S3 (decision 0038)", () => {
  const servers: TestS3Server[] = [];
  const stores: OpenedPictureStorage[] = [];
  afterAll(async () => {
    for (const store of stores) store.close();
    for (const server of servers) await server.stop();
  });
  /** A new S3 server with an empty bucket, and the store on it. */
  async function newStore(bucket: string) {
    const server = await startS3Server({ bucket });
    servers.push(server);
    const store = await openPictureStorage(parseConfig(server.env).pictures, { memoryCacheBytes: 0 });
    stores.push(store);
    return { server, store };
  }
  async function objectsOf(store: PictureStorage): Promise<Record<string, string>> {
    const found: Record<string, string> = {};
    for (const key of await store.list()) found[key] = (await store.read(key))?.toString("base64") ?? "";
    return found;
  }

  it("S3 to S3, S3 to a folder and a folder to S3: every picture the same, every row the same", async () => {
    const source = await newSite("sqlite");
    const { store: sourceStore } = await newStore("quelle");
    await seed(source, sourceStore);
    const pictures = await objectsOf(sourceStore);
    expect(Object.keys(pictures).length).toBeGreaterThan(10);
    // Nothing of the source's pictures in its folder: they are all in the bucket.
    expect(filesOf(source.dataDir)).toEqual({});
    const archive = await backupOf(source, sourceStore);

    const intoS3 = await newSite("sqlite");
    const { store: targetStore } = await newStore("ziel");
    const result = await restoreBackup({
      archive,
      dataDir: intoS3.dataDir,
      target: intoS3.target,
      pictures: targetStore,
    });
    expect(result.files).toBe(Object.keys(pictures).length);
    expect(result.manifest.missingFiles).toEqual([]);
    expect(await objectsOf(targetStore)).toEqual(pictures);
    expect(filesOf(intoS3.dataDir)).toEqual({});
    const before = await contentsOf(source.target);
    const after = await contentsOf(intoS3.target);
    for (const table of BACKED_UP_TABLES) expect(after[table.name], table.name).toEqual(before[table.name]);

    const intoFolder = await newSite("sqlite");
    await restoreInto(archive, intoFolder);
    expect(filesOf(intoFolder.dataDir)).toEqual(pictures);

    const fromFolder = await backupOf(intoFolder);
    const backToS3 = await newSite("sqlite");
    const { store: thirdStore } = await newStore("zurueck");
    await restoreBackup({
      archive: fromFolder,
      dataDir: backToS3.dataDir,
      target: backToS3.target,
      pictures: thirdStore,
    });
    expect(await objectsOf(thirdStore)).toEqual(pictures);
  });

  it("refuses a bucket that holds anything, and changes nothing", async () => {
    const source = await newSite("sqlite");
    const { store } = await newStore("voll");
    await seed(source, store);
    const archive = await backupOf(source, store);
    const before = await objectsOf(store);
    const copy = await newSite("sqlite");
    await expect(
      restoreBackup({ archive, dataDir: copy.dataDir, target: copy.target, pictures: store }),
    ).rejects.toThrow(/Bildspeicher \(S3\) ist nicht leer/);
    expect(await objectsOf(store)).toEqual(before);
    expect(await isEmpty(copy)).toBe(true);
  });

  it("leaves out and names what no picture's key can be: in the bucket, and in a folder's archive on its way to S3", async () => {
    const source = await newSite("sqlite");
    const { server, store } = await newStore("fremd");
    await seed(source, store);
    const pictures = await objectsOf(store);
    // Put there by hand, as for a public bucket: not a picture of the site's.
    const client = new S3Client({
      endpoint: server.endpoint,
      region: server.region,
      forcePathStyle: true,
      credentials: { accessKeyId: server.accessKeyId, secretAccessKey: server.secretAccessKey },
    });
    await client.send(
      new PutObjectCommand({ Bucket: server.bucket, Key: "robots.txt", Body: "User-agent: *" }),
    );
    client.destroy();
    const handle = openDatabase(source.target);
    const archive = path.join(scratch, `archive-${randomBytes(4).toString("hex")}.tar.gz`);
    try {
      const result = await createBackup({
        database: handle,
        dataDir: source.dataDir,
        target: archive,
        pictures: store,
      });
      expect(result.skippedFiles).toEqual(["pictures/robots.txt"]);
    } finally {
      await handle.close();
    }
    // A folder's site with a stray file, restored into S3: the pictures go in, the stray file is named.
    const folderSite = await newSite("sqlite");
    await restoreInto(archive, folderSite);
    fs.writeFileSync(path.join(folderSite.dataDir, "pictures", "gallery", "Thumbs.db"), "x");
    const fromFolder = await backupOf(folderSite);
    const intoS3 = await newSite("sqlite");
    const { store: targetStore } = await newStore("ohne-fremdes");
    const restored = await restoreBackup({
      archive: fromFolder,
      dataDir: intoS3.dataDir,
      target: intoS3.target,
      pictures: targetStore,
    });
    expect(restored.skippedFiles).toEqual(["pictures/gallery/Thumbs.db"]);
    expect(await objectsOf(targetStore)).toEqual(pictures);
  });

  it("a store that is away: no archive is written", async () => {
    const source = await newSite("sqlite");
    const { server, store } = await newStore("weg");
    await seed(source, store);
    await server.pause?.();
    const target = path.join(scratch, `archive-${randomBytes(4).toString("hex")}.tar.gz`);
    const handle = openDatabase(source.target);
    try {
      await expect(
        createBackup({ database: handle, dataDir: source.dataDir, target, pictures: store }),
      ).rejects.toThrow(/Bildspeicher nicht erreichbar/);
    } finally {
      await handle.close();
    }
    expect(fs.existsSync(target)).toBe(false);
    expect(fs.readdirSync(source.dataDir).filter((name) => name.startsWith("."))).toEqual([]);
  });
});

describe("a restore refuses", () => {
  it("a target database that has tables, and a picture folder that has files; and changes neither", async () => {
    const source = await newSite("sqlite");
    await seed(source);
    const archive = await backupOf(source);

    const taken = await newSite("sqlite");
    const handle = openDatabase(taken.target);
    await sql`create table mine (n integer)`.execute(handle.db);
    await handle.close();
    await expect(restoreInto(archive, taken)).rejects.toThrow(/Zieldatenbank .* ist nicht leer/);
    expect(fs.readdirSync(taken.dataDir).sort()).toEqual(["tavola.sqlite"]);

    const pictures = await newSite("sqlite");
    fs.mkdirSync(path.join(pictures.dataDir, "pictures"), { recursive: true });
    fs.writeFileSync(path.join(pictures.dataDir, "pictures", "alt.jpg"), "alt");
    await expect(restoreInto(archive, pictures)).rejects.toThrow(/pictures ist nicht leer/);
    expect(fs.existsSync(pictures.target.kind === "sqlite" ? pictures.target.file : "")).toBe(false);
    expect(filesOf(pictures.dataDir)).toEqual({ "alt.jpg": Buffer.from("alt").toString("base64") });

    if (postgresUrl) {
      const onPostgres = await newSite("postgres");
      const pgHandle = openDatabase(onPostgres.target);
      await sql`create table mine (n integer)`.execute(pgHandle.db);
      await sql`insert into mine values (1)`.execute(pgHandle.db);
      await pgHandle.close();
      await expect(restoreInto(archive, onPostgres)).rejects.toThrow(/ist nicht leer/);
      const check = openDatabase(onPostgres.target);
      expect((await check.db.introspection.getTables()).map((table) => table.name)).toEqual(["mine"]);
      await check.close();
    }
  });

  /** The archive's entries, to change and write again as an attacker or a bad disk would. */
  async function entriesOf(archive: string): Promise<Array<{ name: string; data: Buffer }>> {
    const entries: Array<{ name: string; data: Buffer }> = [];
    await pipeline(
      fs.createReadStream(archive),
      zlib.createGunzip(),
      async (source: AsyncIterable<Buffer>) => {
        await readTar(source, async ({ name }) => {
          const chunks: Buffer[] = [];
          return {
            write: (chunk) => void chunks.push(Buffer.from(chunk)),
            end: () => void entries.push({ name, data: Buffer.concat(chunks) }),
          };
        });
      },
    );
    return entries;
  }

  async function writeArchive(entries: Array<{ name: string; data: Buffer }>): Promise<string> {
    const file = path.join(scratch, `crafted-${randomBytes(4).toString("hex")}.tar.gz`);
    const tarEntries: TarEntry[] = entries.map(({ name, data }) => ({
      name,
      size: data.length,
      body: async function* () {
        yield data;
      },
    }));
    await pipeline(Readable.from(tarStream(tarEntries)), zlib.createGzip(), fs.createWriteStream(file));
    return file;
  }

  const editManifest = (
    entries: Array<{ name: string; data: Buffer }>,
    edit: (manifest: Record<string, unknown>) => void,
  ) =>
    entries.map((entry) => {
      if (entry.name !== "manifest.json") return entry;
      const manifest = JSON.parse(entry.data.toString("utf8")) as Record<string, unknown>;
      edit(manifest);
      return { name: entry.name, data: Buffer.from(JSON.stringify(manifest)) };
    });

  async function refused(archive: string, message: RegExp, dialect: Dialect = "sqlite") {
    const site = await newSite(dialect);
    await expect(restoreInto(archive, site)).rejects.toThrow(message);
    expect(await isEmpty(site)).toBe(true);
    // The DATA_DIR the restore made for itself is gone again.
    if (dialect === "sqlite") expect(fs.existsSync(site.dataDir)).toBe(false);
  }

  it("an archive with a changed byte, anywhere", async () => {
    const source = await newSite("sqlite");
    await seed(source);
    const archive = await backupOf(source);
    const entries = await entriesOf(archive);

    // A picture's content changed, the archive otherwise well-formed: its sha256 gives it away.
    const picture = entries.findIndex((entry) => entry.name.startsWith("files/"));
    const tampered = entries.map((entry, index) => {
      if (index !== picture) return entry;
      const data = Buffer.from(entry.data);
      data[100] = (data[100] ?? 0) ^ 0xff;
      return { name: entry.name, data };
    });
    await refused(await writeArchive(tampered), /Prüfsumme \(sha256\) stimmt nicht/);

    // A row changed: the table's hash.
    const rows = entries.map((entry) =>
      entry.name === "data/reservations.jsonl"
        ? { name: entry.name, data: Buffer.from(entry.data.toString("utf8").replace("Weiß", "Weiss")) }
        : entry,
    );
    await refused(await writeArchive(rows), /Tabelle reservations: Prüfsumme/);

    // A byte of the compressed file: gzip's own check, or the tar's, or the hash refuse it.
    const raw = fs.readFileSync(archive);
    raw[Math.floor(raw.length / 2)] = (raw[Math.floor(raw.length / 2)] ?? 0) ^ 0x01;
    const flipped = path.join(scratch, "flipped.tar.gz");
    fs.writeFileSync(flipped, raw);
    await refused(flipped, /beschädigt|Prüfsumme|unvollständig/);

    // Cut off.
    const cut = path.join(scratch, "cut.tar.gz");
    fs.writeFileSync(cut, raw.subarray(0, Math.floor(raw.length / 3)));
    await refused(cut, /beschädigt|unvollständig/);
  });

  it("an archive without a manifest, of an unknown format, or from a newer version", async () => {
    const source = await newSite("sqlite");
    await seed(source);
    const entries = await entriesOf(await backupOf(source));
    await refused(
      await writeArchive(entries.filter((entry) => entry.name !== "manifest.json")),
      /kein Manifest/,
    );
    await refused(
      await writeArchive(editManifest(entries, (manifest) => (manifest.formatVersion = 2))),
      /Format 2; diese Version kennt nur Format 1/,
    );
    await refused(
      await writeArchive(
        editManifest(
          entries,
          (manifest) => (manifest.migrations = [...migrationNames(), "9999-from-the-future"]),
        ),
      ),
      /neueren Version/,
    );
  });

  it("a path that leads out of DATA_DIR, in the manifest or only in the archive", async () => {
    const source = await newSite("sqlite");
    await seed(source);
    const entries = await entriesOf(await backupOf(source));
    const outside = path.join(scratch, "evil.txt");
    const evil = Buffer.from("böse");
    const hash = createHash("sha256").update(evil).digest("hex");

    const named = editManifest(entries, (manifest) => {
      (manifest.files as unknown[]).push({
        path: "pictures/../../evil.txt",
        size: evil.length,
        sha256: hash,
      });
    });
    await refused(
      await writeArchive([...named, { name: "files/pictures/../../evil.txt", data: evil }]),
      /unsicherer Dateipfad/,
    );
    await refused(await writeArchive([...entries, { name: "../evil.txt", data: evil }]), /unsicheren Pfad/);
    await refused(await writeArchive([...entries, { name: "/tmp/evil.txt", data: evil }]), /unsicheren Pfad/);
    expect(fs.existsSync(outside)).toBe(false);
  });

  describe("what an archive declares beyond what a restore holds or writes (a decompression bomb)", () => {
    const MiB = 1024 * 1024;
    /** 16 MiB of zeros as one gzip member (16 KiB): gunzip reads members one after the other. */
    const zeros = zlib.gzipSync(Buffer.alloc(16 * MiB));
    const bomb = (mib: number) => Buffer.concat(Array.from({ length: mib / 16 }, () => zeros));

    /** `entries` as a tar without its end marker, gzipped: more can be appended as further members. */
    async function tarWithoutEnd(entries: Array<{ name: string; data: Buffer }>): Promise<Buffer> {
      const chunks: Buffer[] = [];
      for await (const chunk of tarStream(
        entries.map(({ name, data }) => ({
          name,
          size: data.length,
          body: async function* () {
            yield data;
          },
        })),
      ))
        chunks.push(chunk);
      const whole = Buffer.concat(chunks);
      return zlib.gzipSync(whole.subarray(0, whole.length - 1024));
    }

    /** An archive whose last entry declares `declared` bytes and is followed by `mib` MiB of zeros. */
    async function bombArchive(
      entries: Array<{ name: string; data: Buffer }>,
      name: string,
      declared: number,
      mib: number,
    ): Promise<string> {
      const file = path.join(scratch, `bomb-${randomBytes(4).toString("hex")}.tar.gz`);
      fs.writeFileSync(
        file,
        Buffer.concat([
          await tarWithoutEnd(entries),
          zlib.gzipSync(tarHeader(name, declared, new Date())),
          bomb(mib),
        ]),
      );
      return file;
    }

    let entries: Array<{ name: string; data: Buffer }> = [];
    const manifestOnly = () => entries.filter((entry) => entry.name === "manifest.json");
    beforeAll(async () => {
      const source = await newSite("sqlite");
      await seed(source);
      entries = await entriesOf(await backupOf(source));
    });

    it("a table declaring more than a restore holds in memory: refused at its header, nothing inflated", async () => {
      const archive = await bombArchive(manifestOnly(), "data/reservations.jsonl", 320 * MiB, 320);
      expect(fs.statSync(archive).size).toBeLessThan(2 * MiB);
      const started = performance.now();
      await refused(
        archive,
        /Tabelle reservations: 320 MiB im Archiv, mehr als eine Wiederherstellung im Speicher hält/,
      );
      expect(performance.now() - started).toBeLessThan(5000);
    });

    it("a picture declared larger than any picture, or larger than the free disk: refused before a byte is written", async () => {
      const size = 320 * MiB;
      const declared = editManifest(entries, (manifest) => {
        (manifest.files as unknown[]).push({
          path: "pictures/gallery/bombe.png",
          size,
          sha256: "0".repeat(64),
        });
      });
      await refused(
        await bombArchive(
          declared.filter((entry) => !entry.name.startsWith("files/")),
          "files/pictures/gallery/bombe.png",
          size,
          320,
        ),
        /bombe\.png: das Manifest gibt 320 MiB an, mehr als eine Bilddatei haben kann/,
      );

      // Without the limit for one file, the disk's free space still bounds them all.
      const huge = editManifest(entries, (manifest) => {
        (manifest.files as unknown[]).push({
          path: "pictures/gallery/riesig.png",
          size: 2 ** 50,
          sha256: "0".repeat(64),
        });
      });
      const site = await newSite("sqlite");
      await expect(
        restoreBackup({
          archive: await writeArchive(huge),
          dataDir: site.dataDir,
          target: site.target,
          limits: { fileBytes: Number.POSITIVE_INFINITY },
        }),
      ).rejects.toThrow(/bräuchten .* MiB, auf dem Datenträger von DATA_DIR sind nur .* MiB frei/);
      expect(fs.existsSync(site.dataDir)).toBe(false);
    });

    it("a table line longer than any stored row", async () => {
      const name = "data/reservations.jsonl";
      const original = entries.find((entry) => entry.name === name)?.data ?? Buffer.alloc(0);
      const lines = original.toString("utf8").trimEnd().split("\n");
      const row = JSON.parse(lines[0] ?? "[]") as unknown[];
      const long = row.map((value) => (typeof value === "string" ? "x".repeat(5 * MiB) : value));
      const data = Buffer.from(`${[...lines, JSON.stringify(long)].sort().join("\n")}\n`);
      const changed = editManifest(
        entries.map((entry) => (entry.name === name ? { name, data } : entry)),
        (manifest) => {
          for (const table of manifest.tables as Array<{ name: string; rows: number; sha256: string }>)
            if (table.name === "reservations") {
              table.rows += 1;
              table.sha256 = createHash("sha256").update(data).digest("hex");
            }
        },
      );
      await refused(await writeArchive(changed), /Tabelle reservations: eine Zeile ist länger als 4 MiB/);
    });

    it("more than a tar's padding after the archive's end", async () => {
      const archive = path.join(scratch, "trailing.tar.gz");
      fs.writeFileSync(archive, Buffer.concat([fs.readFileSync(await writeArchive(entries)), bomb(320)]));
      await refused(archive, /geht nach seinem Ende noch weiter/);
    });
  });

  for (const dialect of engines) {
    it(`rows the schema refuses: on ${dialect} the half-built target is removed again`, async () => {
      const source = await newSite("sqlite");
      await seed(source);
      const entries = await entriesOf(await backupOf(source));
      // A row that breaks a check constraint, with the hashes made to match: only the database can tell.
      const bad = entries.map((entry) => {
        if (entry.name !== "data/reservations.jsonl") return entry;
        return { name: entry.name, data: Buffer.from(entry.data.toString("utf8").replace(/,4,/, ",0,")) };
      });
      const data = bad.find((entry) => entry.name === "data/reservations.jsonl")?.data ?? Buffer.alloc(0);
      const archive = await writeArchive(
        editManifest(bad, (manifest) => {
          for (const table of manifest.tables as Array<{ name: string; sha256: string }>)
            if (table.name === "reservations") table.sha256 = createHash("sha256").update(data).digest("hex");
        }),
      );
      const site = await newSite(dialect);
      await expect(restoreInto(archive, site)).rejects.toThrow(/party_size|check|CHECK/i);
      expect(await isEmpty(site)).toBe(true);
    });
  }
});
