import { History } from "lucide-react";
import { cn } from "../../../../lib/utils.ts";
import { guestHistoryLine, type GuestHistory } from "../../book/index.ts";

/**
 * A guest's earlier visits on a reservation's card and in the service view (decision 0037):
 * '3 Besuche · 1 × nicht erschienen · 1 × storniert', or 'Erster Besuch'. Nothing without a history
 * (a reservation without e-mail or phone number). An earlier no-show is set off, so it is seen before
 * the table is held for long. Printed as shown.
 */
export function GuestHistoryLine({
  history,
  className,
}: {
  /** `guestHistories(…)` (guest-visits.server.ts) for this reservation. */
  history: GuestHistory | undefined;
  className?: string;
}) {
  const line = guestHistoryLine(history);
  if (line === undefined) return null;
  return (
    <p
      className={cn(
        "flex items-center gap-1.5 text-sm",
        history && history.noShows > 0 ? "font-semibold text-orange-900" : "text-stone-700",
        className,
      )}
      data-guest-history=""
    >
      <History aria-hidden="true" className="size-4 shrink-0" />
      <span>
        <span className="sr-only">Frühere Besuche: </span>
        {line}
      </span>
    </p>
  );
}
