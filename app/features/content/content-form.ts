import { fieldErrorsOf, INTENT_FIELD, type FieldErrors } from "../../lib/forms.ts";
import { z } from "../../lib/zod.ts";
import { contentBlocks, type ContentKey, type ContentValues } from "../../common/content/blocks.ts";

/**
 * The content admin's forms, shared by the browser and the action: which blocks each tab edits,
 * how a submitted form (field names are paths such as `links.0.label`) becomes the block's raw value
 * (its messages come from the form kit's one mapper, by the same paths), and the list operations (add, remove, move), which work
 * in the browser and — as submit buttons — without JavaScript too. No server imports.
 */

/** A form's value as typed: text fields, lists and groups of them (every content field is text). */
export type Draft = string | Draft[] | DraftObject;
export type DraftObject = { [field: string]: Draft };

export type BlockEntries = Partial<ContentValues<ContentKey>>;

interface ListSpec {
  /** What 'hinzufügen' appends. */
  item: Draft;
  /** The schema's limit, so the add button can stop there. */
  max: number;
}

interface TabBlock {
  key: ContentKey;
  /** Field-name prefix when a tab edits several blocks; a single block's fields have none. */
  prefix?: string;
}

export interface ContentTab {
  id: string;
  label: string;
  blocks: readonly TabBlock[];
  /** The list fields by path; a list that lost all its items is still submitted as an empty list. */
  lists: Readonly<Record<string, ListSpec>>;
}

export const contentTabs = [
  {
    id: "navigation",
    label: "Navigation",
    blocks: [{ key: "navbar" }],
    lists: { links: { item: { id: "", label: "" }, max: 10 } },
  },
  { id: "hero", label: "Hero", blocks: [{ key: "home.hero" }], lists: {} },
  {
    id: "about",
    label: "Über Uns",
    blocks: [{ key: "home.about" }],
    lists: { paragraphs: { item: "", max: 10 }, stats: { item: { value: "", label: "" }, max: 6 } },
  },
  { id: "menu", label: "Menü", blocks: [{ key: "home.menu_section" }], lists: {} },
  { id: "gallery", label: "Galerie", blocks: [{ key: "home.gallery_section" }], lists: {} },
  { id: "reservations", label: "Reservierung", blocks: [{ key: "home.reservations" }], lists: {} },
  { id: "footer", label: "Footer", blocks: [{ key: "home.footer" }], lists: {} },
  {
    id: "global",
    label: "Global",
    blocks: [
      { key: "global.opening_hours", prefix: "opening_hours" },
      { key: "global.contact", prefix: "contact" },
    ],
    lists: { "contact.address_lines": { item: "", max: 4 } },
  },
] as const satisfies readonly ContentTab[];

type KnownTab = (typeof contentTabs)[number];
export type TabId = KnownTab["id"];
export const DEFAULT_TAB: TabId = "navigation";

/** The hidden field naming the tab a form belongs to, and the submit button's field. */
export const BLOCK_FIELD = "block";
export { INTENT_FIELD };
export const SAVE_INTENT = "save";

export const findTab = (id: unknown): KnownTab | undefined => contentTabs.find((tab) => tab.id === id);

export function tabSchema(tab: ContentTab): z.ZodType {
  const single = singleBlock(tab);
  if (single) return contentBlocks[single.key].schema;
  return z.object(
    Object.fromEntries(tab.blocks.map((block) => [prefixOf(block), contentBlocks[block.key].schema])),
  );
}

const prefixOf = (block: TabBlock): string => block.prefix ?? block.key;
/** The tab's block when it edits exactly one, whose fields then have no prefix. */
const singleBlock = (tab: ContentTab): TabBlock | undefined =>
  tab.blocks.length === 1 && tab.blocks[0]?.prefix === undefined ? tab.blocks[0] : undefined;

/** The form's starting value from the blocks as stored (or their defaults). */
export function draftOf(tab: ContentTab, blocks: ContentValues<ContentKey>): DraftObject {
  const single = singleBlock(tab);
  if (single) return blocks[single.key] as DraftObject;
  return Object.fromEntries(tab.blocks.map((block) => [prefixOf(block), blocks[block.key] as Draft]));
}

/** The blocks to save from the tab's validated value. */
export function entriesOf(tab: ContentTab, value: unknown): BlockEntries {
  const single = singleBlock(tab);
  if (single) return { [single.key]: value } as BlockEntries;
  const record = value as Record<string, unknown>;
  return Object.fromEntries(tab.blocks.map((block) => [block.key, record[prefixOf(block)]])) as BlockEntries;
}

/** Messages by field path ('links.0.label'); a list's own message sits at the list's path. */
export type TabValidation =
  { success: true; value: DraftObject; entries: BlockEntries } | { success: false; errors: FieldErrors };

/** The tab's schema over the value as typed: the blocks to save, or a message per field. */
export function validateDraft(tab: ContentTab, draft: DraftObject): TabValidation {
  const result = tabSchema(tab).safeParse(draft);
  if (!result.success) return { success: false, errors: fieldErrorsOf(result.error) };
  return { success: true, value: result.data as DraftObject, entries: entriesOf(tab, result.data) };
}

/** Field names that must never become object keys on the way from a form to a value. */
const UNSAFE_SEGMENTS = new Set(["__proto__", "prototype", "constructor"]);
const INDEX = /^\d{1,4}$/;

type Tree = Map<string, string | Tree>;

/**
 * The tab's raw value from a submitted form. Names are paths (`links.0.label`, `paragraphs.1`,
 * `contact.address_lines.0`); list items are taken in index order, so gaps (an item removed without
 * renumbering) close up. Fields that are not text, not paths, or clash with another field are ignored.
 */
export function readDraft(tab: ContentTab, form: FormData): DraftObject {
  const root: Tree = new Map();
  for (const [name, value] of form.entries()) {
    if (typeof value !== "string" || name === BLOCK_FIELD || name === INTENT_FIELD) continue;
    const segments = name.split(".");
    if (segments.some((segment) => segment === "" || UNSAFE_SEGMENTS.has(segment))) continue;
    insert(root, segments, value.replace(/\r\n?/g, "\n"));
  }
  return toDraft(root, "", tab.lists) as DraftObject;
}

function insert(tree: Tree, segments: string[], value: string) {
  const [head, ...rest] = segments as [string, ...string[]];
  const existing = tree.get(head);
  if (rest.length === 0) {
    if (existing === undefined) tree.set(head, value);
    return;
  }
  if (typeof existing === "string") return;
  const child: Tree = existing ?? new Map();
  tree.set(head, child);
  insert(child, rest, value);
}

function toDraft(node: string | Tree | undefined, path: string, lists: ContentTab["lists"]): Draft {
  const isList = Object.hasOwn(lists, path);
  if (node === undefined) return isList ? [] : "";
  if (typeof node === "string") return isList ? [] : node;
  const childPath = (key: string) => (path ? `${path}.${key}` : key);
  if (isList) {
    return [...node.entries()]
      .filter(([key]) => INDEX.test(key))
      .sort(([a], [b]) => Number(a) - Number(b))
      .map(([key, child]) => toDraft(child, childPath(key), lists));
  }
  const object: DraftObject = {};
  for (const [key, child] of node) object[key] = toDraft(child, childPath(key), lists);
  // A list whose items were all removed sends no field at all; it is still part of the value.
  for (const listPath of Object.keys(lists)) {
    const cut = listPath.lastIndexOf(".");
    const key = listPath.slice(cut + 1);
    if (listPath.slice(0, Math.max(cut, 0)) === path && !Object.hasOwn(object, key)) object[key] = [];
  }
  return object;
}

/** Every text field of a value with its path: what a form posts for it. */
export function draftFields(draft: Draft, path = ""): Array<[string, string]> {
  if (typeof draft === "string") return [[path, draft]];
  const entries = Array.isArray(draft)
    ? draft.map((item, index) => [String(index), item] as const)
    : Object.entries(draft);
  return entries.flatMap(([key, child]) => draftFields(child, path ? `${path}.${key}` : key));
}

export function getAt(draft: Draft, path: string): Draft | undefined {
  let node: Draft | undefined = draft;
  for (const segment of path.split(".")) {
    if (node === undefined || typeof node === "string") return undefined;
    node = Array.isArray(node) ? node[Number(segment)] : node[segment];
  }
  return node;
}

/** A copy of the value with the field at `path` replaced. */
export function setAt<T extends Draft>(draft: T, path: string, value: Draft): T {
  const [head, ...rest] = path.split(".") as [string, ...string[]];
  const base: Draft[] | DraftObject = typeof draft === "string" ? {} : draft;
  const next = rest.length === 0 ? value : setAt(getAt(base, head) ?? {}, rest.join("."), value);
  if (Array.isArray(base)) {
    const copy = [...base];
    copy[Number(head)] = next;
    return copy as T;
  }
  return { ...base, [head]: next } as T;
}

export type ListActionKind = "add" | "remove" | "up" | "down";
export interface ListAction {
  kind: ListActionKind;
  list: string;
  index: number;
}

/** A list button's `intent` value: `list:remove:links:2`. */
export const listIntent = ({ kind, list, index }: ListAction) => `list:${kind}:${list}:${index}`;

export function parseListIntent(tab: ContentTab, intent: unknown): ListAction | undefined {
  if (typeof intent !== "string") return undefined;
  const match = /^list:(add|remove|up|down):([\w.]+):(\d{1,4})$/.exec(intent);
  if (!match) return undefined;
  const [, kind = "", list = "", index = ""] = match;
  if (!Object.hasOwn(tab.lists, list)) return undefined;
  return { kind: kind as ListActionKind, list, index: Number(index) };
}

/** The value after a list button: add appends, remove drops, up/down swap with the neighbour. */
export function applyListAction(tab: ContentTab, draft: DraftObject, action: ListAction): DraftObject {
  const spec = tab.lists[action.list];
  const current = getAt(draft, action.list);
  if (!spec || !Array.isArray(current)) return draft;
  const items = [...current];
  const { index } = action;
  switch (action.kind) {
    case "add":
      if (items.length >= spec.max) return draft;
      items.push(structuredClone(spec.item));
      break;
    case "remove":
      if (index >= items.length) return draft;
      items.splice(index, 1);
      break;
    case "up":
    case "down": {
      const target = action.kind === "up" ? index - 1 : index + 1;
      const moving = items[index];
      const neighbour = items[target];
      if (moving === undefined || neighbour === undefined) return draft;
      items[index] = neighbour;
      items[target] = moving;
      break;
    }
  }
  return setAt(draft, action.list, items);
}

/** What the action answers for a submitted tab; `unexpected` is the browser's own when no answer came. */
export type ContentFormResult =
  | { status: "bad-request" }
  | { status: "edited"; block: TabId; values: DraftObject }
  | { status: "invalid"; block: TabId; values: DraftObject; fieldErrors: FieldErrors }
  | { status: "failed"; block: TabId; values: DraftObject }
  | { status: "saved"; block: TabId; values: DraftObject };
export type ContentSubmission = ContentFormResult | { status: "unexpected" };
