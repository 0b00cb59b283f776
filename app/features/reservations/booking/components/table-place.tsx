import type { ListedPlace } from "../../book/index.ts";
import { planMessages } from "../../tables/index.ts";

/** Where a party sits ('Tisch 4 + 5'), flagged when its area is closed that day (decision 0053). */
export function TablePlace({ place }: { place: ListedPlace }) {
  return (
    <>
      <span data-table-place>{place.label}</span>
      {place.closedArea ? (
        <strong className="ml-1 font-semibold text-brand-800">· {planMessages.closedArea}</strong>
      ) : null}
    </>
  );
}
