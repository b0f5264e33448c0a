/**
 * One seed for every property test in a run, so a CI failure can be replayed: the run prints it when
 * a property fails, and `FC_SEED=<seed> npm test` repeats it. Without FC_SEED each run explores anew.
 */
import fc from "fast-check";

const given = process.env.FC_SEED;
if (given !== undefined && given !== "") fc.configureGlobal({ seed: Number(given) });
