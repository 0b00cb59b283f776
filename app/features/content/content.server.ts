import type { Kysely } from "kysely";
import type { RouterContextProvider } from "react-router";
import type { Database } from "../../../db/database.types.ts";
import type { Logger } from "../../lib/logger.server.ts";
import { nowIso } from "../../../db/database.server.ts";
import { bumpPageVersion, keptForPageVersion } from "../../lib/page-version.server.ts";
import { pictureIdentityOf } from "../../common/pictures/uploaded-pictures.ts";
import { services, type HoursAndContact } from "../../common/app-context.ts";
import {
  contentBlocks,
  parseBlock,
  type ContentKey,
  type ContentValue,
  type ContentValues,
} from "../../common/content/blocks.ts";
import {
  applyListAction,
  BLOCK_FIELD,
  contentTabs,
  findTab,
  INTENT_FIELD,
  parseListIntent,
  readDraft,
  SAVE_INTENT,
  validateDraft,
  type ContentFormResult,
} from "./content-form.ts";

/**
 * The opening hours and the contact, as a reservation request is judged and answered by them: kept
 * in memory until staff change something (decision 0032), since every guest's request needs them.
 */
export const readHoursAndContact: (db: Kysely<Database>, logger: Logger) => Promise<HoursAndContact> =
  keptForPageVersion(async (db: Kysely<Database>, logger: Logger) => {
    const { values, complete } = await readBlocks(db, logger, ["global.opening_hours", "global.contact"]);
    return {
      value: { hours: values["global.opening_hours"], contact: values["global.contact"] },
      keep: complete,
    };
  });

/**
 * The opening hours and the contact for one request: read once however often its loaders and
 * actions ask (decision 0049), by the server's shared readings. A context built without them (a
 * test's) reads here.
 */
export function hoursAndContactOf(context: Readonly<RouterContextProvider>): Promise<HoursAndContact> {
  const app = services(context);
  return app.shared ? app.shared.hoursAndContact() : readHoursAndContact(app.database.db, app.logger);
}

/**
 * Reads content blocks in one query. The page never fails because of content: a missing block, a
 * block that does not parse, or a failed read gives the defaults, and the fault is logged.
 */
export async function readContentBlocks<K extends ContentKey>(
  db: Kysely<Database>,
  logger: Logger,
  keys: readonly K[],
): Promise<ContentValues<K>> {
  return (await readBlocks(db, logger, keys)).values;
}

/** `readContentBlocks`, and whether the read succeeded (`complete`; else the values are the defaults). */
async function readBlocks<K extends ContentKey>(
  db: Kysely<Database>,
  logger: Logger,
  keys: readonly K[],
): Promise<{ values: ContentValues<K>; complete: boolean }> {
  const values = {} as Record<ContentKey, unknown>;
  for (const key of keys) values[key] = contentBlocks[key].defaults;
  let rows: Array<{ key: string; value: string }> = [];
  let complete = true;
  try {
    rows = await db
      .selectFrom("site_content")
      .select(["key", "value"])
      .where("key", "in", [...keys])
      .execute();
  } catch (error) {
    complete = false;
    logger.error("content read failed, showing defaults", { keys, error });
  }
  for (const row of rows) {
    const key = row.key as K;
    let stored: unknown;
    try {
      stored = JSON.parse(row.value);
    } catch {
      stored = undefined;
    }
    const { value, valid } = parseBlock(key, stored);
    if (!valid) logger.warn("content block unreadable, showing defaults", { key });
    values[key] = value;
  }
  return { values: values as ContentValues<K>, complete };
}

export type ContentEntries = { [K in ContentKey]?: ContentValue<K> };

/**
 * Saves blocks (already validated with their schemas) in one transaction: all of them or none, with
 * the page version counted up, so what is saved shows at the next page load (also on another server
 * on the same database) and no kept reading of it is used again (decision 0032).
 */
export async function saveContentBlocks(db: Kysely<Database>, entries: ContentEntries): Promise<void> {
  const updatedAt = nowIso();
  await db.transaction().execute(async (trx) => {
    for (const [key, value] of Object.entries(entries)) {
      const json = JSON.stringify(value);
      await trx
        .insertInto("site_content")
        .values({ key, value: json, updated_at: updatedAt })
        .onConflict((conflict) => conflict.column("key").doUpdateSet({ value: json, updated_at: updatedAt }))
        .execute();
    }
    await bumpPageVersion(trx);
  });
}

/**
 * One submitted tab of 'Website-Inhalte verwalten'. A list button (without JavaScript) only changes
 * the value shown; 'Speichern' validates with the tab's schemas and saves its blocks together. What
 * was typed comes back unless it was saved, and a failed save is logged, never thrown.
 */
export async function submitContentForm(
  db: Kysely<Database>,
  logger: Logger,
  form: FormData,
): Promise<ContentFormResult> {
  const tab = findTab(form.get(BLOCK_FIELD));
  if (!tab) return { status: "bad-request" };
  const block = tab.id;
  const values = readDraft(tab, form);
  const intent = form.get(INTENT_FIELD) ?? SAVE_INTENT;
  const listAction = parseListIntent(tab, intent);
  if (listAction) return { status: "edited", block, values: applyListAction(tab, values, listAction) };
  if (intent !== SAVE_INTENT) return { status: "bad-request" };

  const validation = validateDraft(tab, values);
  if (!validation.success) return { status: "invalid", block, values, fieldErrors: validation.errors };
  try {
    await saveContentBlocks(db, validation.entries);
  } catch (error) {
    logger.error("content save failed", { block, error });
    return { status: "failed", block, values };
  }
  return { status: "saved", block, values: validation.value };
}

/** The tab a block is edited in, for naming where a picture is used. */
const tabLabelOf = (key: string) =>
  contentTabs.find((tab) => tab.blocks.some((block) => block.key === key))?.label ?? key;

const isPictureField = (field: string) => field.endsWith("image_url");

async function storedBlocks(
  db: Kysely<Database>,
): Promise<Array<{ key: ContentKey; value: Record<string, unknown> }>> {
  const rows = await db.selectFrom("site_content").select(["key", "value"]).execute();
  return rows.flatMap((row) => {
    if (!(row.key in contentBlocks)) return [];
    try {
      const value: unknown = JSON.parse(row.value);
      return typeof value === "object" && value !== null && !Array.isArray(value)
        ? [{ key: row.key as ContentKey, value: value as Record<string, unknown> }]
        : [];
    } catch {
      return [];
    }
  });
}

/**
 * Where the content blocks show each picture (by `pictureIdentityOf`, so a variant's address counts
 * for its picture): 'Website-Inhalte › Hero', once per use.
 */
export async function contentPictureUses(db: Kysely<Database>): Promise<Map<string, string[]>> {
  const uses = new Map<string, string[]>();
  for (const { key, value } of await storedBlocks(db)) {
    for (const [field, address] of Object.entries(value)) {
      if (!isPictureField(field) || typeof address !== "string" || address === "") continue;
      const picture = pictureIdentityOf(address);
      uses.set(picture, [...(uses.get(picture) ?? []), `Website-Inhalte › ${tabLabelOf(key)}`]);
    }
  }
  return uses;
}

/**
 * A picture that is about to be deleted leaves the content blocks: each field showing it gets the
 * block's default again (the shipped picture, or none), so no page shows a broken picture.
 */
export async function forgetContentPicture(db: Kysely<Database>, address: string): Promise<void> {
  const entries: Record<string, unknown> = {};
  for (const { key, value } of await storedBlocks(db)) {
    const defaults = contentBlocks[key].defaults as Record<string, unknown>;
    const picture = pictureIdentityOf(address);
    const fields = Object.keys(value).filter((field) => {
      const shown = value[field];
      return isPictureField(field) && typeof shown === "string" && pictureIdentityOf(shown) === picture;
    });
    if (fields.length === 0) continue;
    entries[key] = { ...value, ...Object.fromEntries(fields.map((field) => [field, defaults[field] ?? ""])) };
  }
  if (Object.keys(entries).length > 0) await saveContentBlocks(db, entries as ContentEntries);
}
