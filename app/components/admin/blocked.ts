import type { MouseEvent } from "react";

/**
 * A button that cannot act right now but keeps the keyboard's focus: `disabled` would drop focus to
 * the page when it turns on under the user's finger (a dish just moved to the top, a dish just put on
 * the card). Screen readers hear it as unavailable; a press does nothing.
 */
export function blocked(isBlocked: boolean) {
  return {
    "aria-disabled": isBlocked || undefined,
    onClick: (event: MouseEvent<HTMLButtonElement>) => {
      if (isBlocked) event.preventDefault();
    },
  };
}
