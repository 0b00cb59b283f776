/** A route's `handle` that asks the root to mount the toast area (see `app/root.tsx`). */
export const toastsHandle = { toasts: true } as const;

export const usesToasts = (handle: unknown): boolean =>
  typeof handle === "object" && handle !== null && "toasts" in handle && handle.toasts === true;
