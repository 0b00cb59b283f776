/**
 * The menus' order, for guests' cards and the staff screens alike (decision 0018). No server
 * imports: the browser may sort with it too.
 */

/** A category's or an active dish's place; `null` when none was given (an empty field, older data). */
export type Position = number | null;

/**
 * Ascending; a missing position sorts after every given one. Compared, not replaced by a stand-in
 * number, so no stored position can ever tie with a missing one.
 */
export function comparePositions(a: Position, b: Position): number {
  if (a === null || b === null) return a === b ? 0 : a === null ? 1 : -1;
  return a - b;
}

/** Categories, and the dishes of a card as guests read it: by position, then by name in German. */
export const byDisplayOrder = (
  a: { display_order: Position; name: string },
  b: { display_order: Position; name: string },
) => comparePositions(a.display_order, b.display_order) || a.name.localeCompare(b.name, "de");

/** An active list as staff arrange it: by position, then in the order the dishes were added. */
export const byListOrder = (
  a: { display_order: Position; id: number },
  b: { display_order: Position; id: number },
) => comparePositions(a.display_order, b.display_order) || a.id - b.id;

/** A dish put on a card goes last: one past the card's highest position (the engines' `max`). */
export const nextPosition = (highest: number | string | null | undefined) => Number(highest ?? 0) + 1;

/**
 * The positions to write when the row at `index` of a list in `byListOrder` moves one place. Only the
 * two rows swap positions; the whole list is renumbered 1…n only when older data left equal or
 * missing positions. At either end nothing changes.
 */
export function moveInList(
  ordered: ReadonlyArray<{ id: number; display_order: Position }>,
  index: number,
  direction: "up" | "down",
): Array<{ id: number; display_order: Position }> {
  const target = direction === "up" ? index - 1 : index + 1;
  const [from, to] = [ordered[index], ordered[target]];
  if (!from || !to) return [];
  const positions = ordered.map((row) => row.display_order);
  const clean = positions.every(
    (position, at) => position !== null && (at === 0 || position > (positions[at - 1] ?? 0)),
  );
  if (clean)
    return [
      { id: from.id, display_order: to.display_order },
      { id: to.id, display_order: from.display_order },
    ];
  const moved = [...ordered];
  [moved[index], moved[target]] = [to, from];
  return moved.map((row, position) => ({ id: row.id, display_order: position + 1 }));
}
