import { useCallback, useEffect, useRef } from "react";
import { INTENT_FIELD, type Notice, type StaffActionResult } from "../../../../lib/forms.ts";
import { serviceMessages as S, UNDO_SECONDS, type AdminResultExtra } from "../../book/index.ts";
import type { UndoOffer } from "../evening.ts";

/**
 * What the host stand's taps share (decision 0034, 0057): their answer, its toast with 'Rückgängig',
 * and the hidden fields of a tap's form.
 */

/** What the service action answers: the shared staff answer, what 'Rückgängig' needs, and a question about a table. */
export type ServiceResult = StaffActionResult & {
  undo?: UndoOffer;
  overbooking?: AdminResultExtra["overbooking"];
  /** 'Tisch wechseln' answers as the book's 'Tisch ändern' does. */
  info?: AdminResultExtra["info"];
};

/** The notice an answer carries: its own, or the book's 'Tisch ändern' info. */
export function noticeOf(result: ServiceResult): Notice | undefined {
  if (!result.info) return result.notice;
  return {
    tone: result.outcome === "done" ? "success" : "error",
    title: result.info.title,
    description: result.info.message,
  };
}

/**
 * The toasts of the taps, each once (by its answer's id), with 'Rückgängig' for ten seconds; one
 * fetcher sends every undo. Called from each row's own answer, so two quick taps on two rows each
 * get their toast.
 */
export function useTapToasts(undo: (offer: NonNullable<ServiceResult["undo"]>) => void) {
  const shown = useRef(new Set<string>());
  const send = useRef(undo);
  useEffect(() => {
    send.current = undo;
  });
  return useCallback((result: ServiceResult) => {
    const notice = noticeOf(result);
    if (shown.current.has(result.resultId) || !notice) return;
    shown.current.add(result.resultId);
    const { undo: offer } = result;
    void import("../../../../components/ui/toaster.tsx").then(({ toast }) => {
      if (notice.tone !== "success") {
        toast.error(notice.title, { description: notice.description });
        return;
      }
      toast.success(notice.title, {
        description: notice.description,
        duration: offer ? UNDO_SECONDS * 1000 : undefined,
        action: offer ? { label: S.undo, onClick: () => send.current(offer) } : undefined,
      });
    });
  }, []);
}

/** The hidden fields of an undo, for the fetcher and for the form shown without JavaScript. */
export const undoFields = (offer: NonNullable<ServiceResult["undo"]>) => ({
  [INTENT_FIELD]: offer.door ? "door-back" : offer.status ? "undo" : "undo-walk-in",
  id: String(offer.id),
  updated_at: offer.updatedAt,
  ...(offer.status ? { status: offer.status } : {}),
});

export function HiddenFields({ fields }: { fields: Record<string, string> }) {
  return Object.entries(fields).map(([name, value]) => (
    <input key={name} type="hidden" name={name} value={value} />
  ));
}
