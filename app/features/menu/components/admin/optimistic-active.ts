import { useFetchers } from "react-router";
import { INTENT_FIELD } from "../../../../lib/forms.ts";

/**
 * The active list as staff should see it right now: what the server said, plus dishes being added,
 * minus dishes being removed (adding is optimistic and rolled back on error:
 * docs/product/menu.md#active-lists). When the server refuses, the fetcher ends without changing the data,
 * and the dish drops out again.
 */
export function useOptimisticActive(serverIds: readonly number[], action: string): number[] {
  const fetchers = useFetchers();
  const adding: number[] = [];
  const removing = new Set<number>();
  for (const fetcher of fetchers) {
    if (fetcher.state !== "submitting" && fetcher.state !== "loading") continue;
    if (!fetcher.formData || fetcher.formAction?.split("?")[0] !== action) continue;
    const id = Number(fetcher.formData.get("id"));
    const intent = fetcher.formData.get(INTENT_FIELD);
    if (intent === "activate") adding.push(id);
    if (intent === "deactivate" || intent === "product-delete" || intent === "meal-delete") removing.add(id);
  }
  const ids = serverIds.filter((id) => !removing.has(id));
  for (const id of adding) if (!ids.includes(id)) ids.push(id);
  return ids;
}
