/**
 * The benches' 512 varied designs: every Exchange version and method, one or two sites, 1 to 4 copies,
 * both layouts, drawn from a fixed sequence so every run sizes the same designs. Over an engine given
 * (`npm run bench:against` passes each build's own), so two builds size the same inputs.
 */
import type { WorkbookInputs } from "../../src/engine/design";

interface Engine {
  REFERENCE_DESIGN_INPUTS: WorkbookInputs;
  sizeDesign(inputs: WorkbookInputs): unknown;
}

/** A fixed pseudo-random sequence (a linear congruential generator). */
function* seeded(seed: number): Generator<number> {
  let x = seed;
  for (;;) {
    x = (x * 1103515245 + 12345) % 2 ** 31;
    yield x / 2 ** 31;
  }
}

/** 512 designs the engine builds, each different: the inputs vary so nothing folds into a constant. */
export function variedDesigns(engine: Engine): WorkbookInputs[] {
  const r = seeded(15);
  const pick = <T>(choices: readonly T[]): T => choices[Math.floor(r.next().value * choices.length)];
  const designs: WorkbookInputs[] = [];
  while (designs.length < 512) {
    const copies = pick([1, 2, 3, 4]);
    const twoSites = pick([false, true]);
    const site1 = Math.max(copies, pick([2, 3, 4, 6, 8]));
    const inputs: WorkbookInputs = {
      ...engine.REFERENCE_DESIGN_INPUTS,
      users: 500 + Math.floor(r.next().value * 30_000),
      quotaMB: pick([1024, 2048, 5120, 10240]),
      messagesPerDay: pick([50, 100, 150, 200]),
      messageKB: pick([50, 75, 100]),
      maxDatabaseGB: pick([500, 1024, 2048]),
      copies,
      serversSite1: site1,
      serversSite2: twoSites ? pick([2, 4, 8]) : "",
      dagLayout: pick(["active/active", "active/passive"]),
      exchangeVersion: pick([2010, 2013, 2016, 2019]),
      method: pick(["auto", "auto", "dell", "microsoft"]),
    };
    try {
      engine.sizeDesign(inputs);
      designs.push(inputs);
    } catch (e) {
      // By name: another build's SizingError is another class.
      if ((e as Error).name !== "SizingError") throw e;
    }
  }
  return designs;
}
