import { berlinNow } from "../../../lib/calendar.ts";
import { fieldErrorsOf, formId, formText } from "../../../lib/forms.ts";
import { invalid, successNotice } from "../../../lib/staff-actions.server.ts";
import { doorEntryFields, doorEntrySchema } from "../book/index.server.ts";
import { floorMessages as F } from "./floor-messages.ts";
import { addWaiting, moveWaiting, stillWaiting } from "./door-list.server.ts";
import { refusal, storeWalkIn, unitOf, versionOf, type Handler } from "./service-answers.server.ts";
import { TapRefused } from "./table-questions.server.ts";

/**
 * The door's wait list at the host stand (decision 0057): a party put on it, seated at the table
 * ready for it (a walk-in, in one transaction with the entry), or gone — each from the screen's
 * version of the entry, so a stale tap is told it changed meanwhile; 'Gegangen' can be undone.
 */

export type DoorIntent = "door-add" | "door-seat" | "door-gone" | "door-back";

/** The entry the form names, at the version the screen showed. */
const entryOf = (form: FormData) => {
  const id = formId(form);
  const version = versionOf(form);
  return id === undefined || version === undefined || version.length > 40 ? undefined : { id, version };
};

export const doorHandlers: Record<DoorIntent, Handler> = {
  async "door-add"(form, deps) {
    const parsed = doorEntrySchema.safeParse(formText(form, doorEntryFields));
    if (!parsed.success) return invalid(fieldErrorsOf(parsed.error, doorEntryFields));
    const today = berlinNow(deps.now?.() ?? new Date()).date;
    const id = await addWaiting(deps.db, today, parsed.data);
    deps.logger.info("door list: party added", { username: deps.username, entryId: id });
    return {
      status: 200,
      result: {
        outcome: "done",
        notice: successNotice(F.doorAdded(parsed.data.name, parsed.data.party_size)),
        targetId: id,
      },
    };
  },

  /** The party sits at the table ready for it: a walk-in of its name, size and number. */
  async "door-seat"(form, deps) {
    const entry = entryOf(form);
    const unit = unitOf(form);
    if (!entry) return refusal(400, F.doorChanged);
    if (!unit) return refusal(400, F.unknownTable);
    const waiting = await stillWaiting(deps.db, entry.id, entry.version);
    if (!waiting) return refusal(409, F.doorChanged, entry.id);
    return storeWalkIn(form, deps, {
      name: waiting.name,
      partySize: waiting.partySize,
      phone: waiting.phone,
      formKey: undefined,
      unit,
      // With the walk-in, or not at all: another host who seated or removed it first wins.
      async afterStore(trx, reservation) {
        const moved = await moveWaiting(trx, entry.id, entry.version, {
          from: "waiting",
          to: "seated",
          reservationId: reservation.id,
        });
        if (!moved) throw new TapRefused(409, F.doorChanged);
      },
    });
  },

  async "door-gone"(form, deps) {
    const entry = entryOf(form);
    if (!entry) return refusal(400, F.doorChanged);
    const version = await moveWaiting(deps.db, entry.id, entry.version, { from: "waiting", to: "gone" });
    if (!version) return refusal(409, F.doorChanged, entry.id);
    deps.logger.info("door list: party gone", { username: deps.username, entryId: entry.id });
    return {
      status: 200,
      result: {
        outcome: "done",
        notice: successNotice(F.doorGone),
        targetId: entry.id,
        undo: { id: entry.id, door: true, updatedAt: version },
      },
    };
  },

  /** 'Rückgängig' after 'Gegangen': the party waits again, in its place. */
  async "door-back"(form, deps) {
    const entry = entryOf(form);
    if (!entry) return refusal(400, F.doorChanged);
    const version = await moveWaiting(deps.db, entry.id, entry.version, { from: "gone", to: "waiting" });
    if (!version) return refusal(409, F.doorChanged, entry.id);
    return {
      status: 200,
      result: { outcome: "done", notice: successNotice(F.doorBack), targetId: entry.id },
    };
  },
};
