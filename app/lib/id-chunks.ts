/**
 * Long lists of ids asked `in (…)`, a part at a time: far below both engines' limit of parameters
 * per statement (SQLite 32,766, PostgreSQL 65,535).
 */
export const IDS_PER_STATEMENT = 500;

export function chunks<T>(items: readonly T[], size = IDS_PER_STATEMENT): T[][] {
  const result: T[][] = [];
  for (let start = 0; start < items.length; start += size) result.push(items.slice(start, start + size));
  return result;
}

const sameInstant = (a: string, b: string) => Date.parse(a) === Date.parse(b);

/**
 * Which of the `wanted` rows are stored: the same id, written at the same instant. A restore's record
 * of erasures names each row so (decision 0042): after a restore of an old archive another row may
 * have an erased one's id, never its instant too. `read` answers the stored `created_at` of some ids;
 * each table's owner reads its own.
 */
export async function idsWrittenAt(
  wanted: ReadonlyArray<{ id: number; createdAt: string }>,
  read: (ids: number[]) => Promise<ReadonlyArray<{ id: number; created_at: string }>>,
): Promise<number[]> {
  const present: number[] = [];
  for (const part of chunks(wanted)) {
    const rows = await read(part.map((row) => row.id));
    for (const row of rows)
      if (part.some((one) => one.id === row.id && sameInstant(one.createdAt, row.created_at)))
        present.push(row.id);
  }
  return present;
}
