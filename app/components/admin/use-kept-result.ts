import { useState } from "react";

/**
 * A screen's last action answer, kept until a newer one arrives. React Router forgets the action's
 * data at the next revalidation, and live updates (decision 0035) revalidate whenever the reservation
 * book changes: without this, an answer's dialog or message would vanish while staff read it.
 */
export function useKeptResult<Result extends { resultId: string }>(
  result: Result | undefined,
): Result | undefined {
  const [kept, setKept] = useState(result);
  // Adjusted while rendering, as React recommends over an effect for state derived from props.
  if (result !== undefined && result.resultId !== kept?.resultId) {
    setKept(result);
    return result;
  }
  return kept;
}
