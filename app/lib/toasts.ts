import { useSyncExternalStore } from "react";

/** A route's `handle` that asks the root to mount the toast area (see `app/root.tsx`). */
export const toastsHandle = { toasts: true } as const;

export const usesToasts = (handle: unknown): boolean =>
  typeof handle === "object" && handle !== null && "toasts" in handle && handle.toasts === true;

/**
 * Guests' pages mount the toast area only once something on them is about to show a toast (the
 * reservation form, when a guest starts on it): the toast library then stays out of their first
 * load (decision 0008). Once asked for, the area stays for the rest of the visit.
 */
let requested = false;
const listeners = new Set<() => void>();

export function requestToastArea(): void {
  if (requested) return;
  requested = true;
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

/** Whether something on the page has asked for the toast area (never on the server). */
export const useToastAreaRequested = (): boolean =>
  useSyncExternalStore(
    subscribe,
    () => requested,
    () => false,
  );

/**
 * Whether the toast area is on the page and listening. A page that has just asked for the area waits
 * for this before its first toast, so the toast is added to a live region that is already there —
 * what a screen reader announces is a change in the region, not what it is first shown with. (The
 * toast library itself keeps a toast sent before its area subscribed and shows it then; on a busy
 * phone the area's code can arrive, and the toast be sent, before React has shown the area.)
 */
let markMounted: () => void = () => undefined;
const mounted = new Promise<void>((resolve) => {
  markMounted = resolve;
});

export const toastAreaMounted = (): void => markMounted();

export const toastAreaReady = (): Promise<void> => mounted;
