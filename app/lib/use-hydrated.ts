import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

/** False in the server's HTML and until hydration, true afterwards: what works without JavaScript. */
export const useHydrated = (): boolean =>
  useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
