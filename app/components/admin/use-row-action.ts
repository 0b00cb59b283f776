import { useEffect, useRef } from "react";
import { useFetcher } from "react-router";
import { toastNotice } from "../forms/toast-notice.ts";
import type { StaffActionResult } from "../../lib/forms.ts";

/**
 * A fetcher for one of a staff screen's row actions: its answer is shown as a toast once, and `onDone`
 * runs when it succeeded (a dialog closes). The list reloads by itself after every action.
 */
export function useRowAction(options: { key?: string; onDone?: (result: StaffActionResult) => void } = {}) {
  const fetcher = useFetcher<StaffActionResult>(options.key ? { key: options.key } : undefined);
  const handled = useRef<string | undefined>(undefined);
  const onDone = useRef(options.onDone);
  useEffect(() => {
    onDone.current = options.onDone;
  });
  const result = fetcher.state === "idle" ? fetcher.data : undefined;
  useEffect(() => {
    if (!result || handled.current === result.resultId) return;
    handled.current = result.resultId;
    if (result.notice) toastNotice(result.notice);
    if (result.outcome === "done") onDone.current?.(result);
  }, [result]);
  return {
    fetcher,
    pending: fetcher.state !== "idle",
    /** Field messages of the last answer, while it is the current one. */
    fieldErrors: result?.outcome === "invalid" ? result.fieldErrors : undefined,
  };
}
