import { useEffect, useRef } from "react";

/**
 * A form's ref that empties the form once `done` turns up (a new value each time: the action's
 * answer). After a password was set, the typed passwords must not stay in the fields.
 */
export function useResetAfter(done: unknown) {
  const ref = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (done) ref.current?.reset();
  }, [done]);
  return ref;
}
