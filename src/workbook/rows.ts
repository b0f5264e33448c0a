/**
 * Where a sheet's blocks of rows go, computed from the blocks themselves: each block under the one before (after
 * its gap of empty rows), so a block that grows moves every block below it, and no sheet chains row numbers by hand.
 */

/** A block's rows: its first and its last (first − 1 for a block of no rows). */
export interface RowBlock {
  readonly first: number;
  readonly last: number;
}

/** A block: its key, its rows, and the empty rows after it (none unless given). */
export type BlockOf<K extends string> = readonly [key: K, rows: number, gap?: number];

/** The rows of each block, stacked from `first` in the order given. */
export function stackRows<K extends string>(first: number, blocks: ReadonlyArray<BlockOf<K>>): Readonly<Record<K, RowBlock>> {
  const placed: Partial<Record<K, RowBlock>> = {};
  let row = first;
  for (const [key, rows, gap = 0] of blocks) {
    if (!Number.isInteger(rows) || rows < 0 || !Number.isInteger(gap) || gap < 0) throw new RangeError(`stackRows: block "${key}" must be a whole number of rows and gap, got ${rows} and ${gap}`);
    if (key in placed) throw new RangeError(`stackRows: block "${key}" is placed twice`);
    placed[key] = Object.freeze({ first: row, last: row + rows - 1 });
    row += rows + gap;
  }
  return Object.freeze(placed as Record<K, RowBlock>);
}
