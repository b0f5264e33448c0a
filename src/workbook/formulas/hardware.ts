/**
 * The Hardware sheet's rules (src/workbook/sheets/hardware.ts lays them out): an array row's key, whether the
 * design considers it (the Inputs' RAID level and array model), and its arrays a copy where it does (Dell's
 * process, src/engine/excel-formulas.ts arraysPerCopyFormula).
 */
import { arraysPerCopyFormula } from "../../engine/rules/dell";
import { blankUnless, blankWhenEmpty, yesNo } from "../display";
import { foundFormula } from "./lookup";

/** An array row's key, model|drive|RAID level: blank while the row has no model. */
export const arrayKeyFormula = (model: string, drive: string, raid: string): string => blankWhenEmpty(model, `${model}&"|"&${drive}&"|"&${raid}`);

/**
 * "yes" where the design considers the array row: its RAID level the Inputs' and the Inputs' model "auto" (or
 * empty), the row's model, or its model and drive; else "no". An empty row (a user's row not filled in) is
 * neither: blank, not a column of stray "no"s.
 */
export const consideredFormula = (model: string, drive: string, raid: string, names: { arrayRaid: string; arrayModel: string }): string =>
  blankWhenEmpty(model, yesNo(`AND(${raid}=${names.arrayRaid},OR(${names.arrayModel}="",${names.arrayModel}="auto",${names.arrayModel}=${model},${names.arrayModel}=${model}&" "&${drive}))`));

/** The arrays a copy of a row the design considers (`considered` "yes"), for its capacity and IOPS; else blank. */
export const consideredArraysFormula = (considered: string, capacity: string, demand: string, usableGB: string, iops: string): string =>
  blankUnless(`${considered}="yes"`, arraysPerCopyFormula(capacity, demand, usableGB, iops));

/** A user's array row's model among the candidates: blank where a built-in row of its key stands for it. */
export const ownArrayModelFormula = (key: string, builtInKeys: string, model: string): string => `IF(${foundFormula(key, builtInKeys)},"",${model}&"")`;
