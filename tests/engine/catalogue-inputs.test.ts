/**
 * Every input declared once, in the design's catalogue, and every surface drawn from it —
 * the Inputs sheet's rows and defined names, the CLI's options, the pane's fields and the worksheet
 * functions' bounds. These hold the registry itself: one key, one name, one option each; a refusal
 * that names the input by its key; a default its own rule accepts.
 */
import { INPUTS, optionName } from "../../src/engine/catalogue";
import { REFERENCE_DESIGN_INPUTS } from "../../src/engine/design";
import { inputOptions } from "../../src/cli/design-options";
import { FORM_FIELDS } from "../../src/taskpane/headline-form";
import { inputFromCell } from "../../src/workbook/input-values";
import { INPUT_CELLS, INPUT_NAMES } from "../../src/workbook/template";

const unique = (values: readonly string[]) => new Set(values).size === values.length;

test("each input has one key, one defined name and one option, none shared", () => {
  expect(unique(INPUTS.map((i) => i.key))).toBe(true);
  expect(unique(INPUTS.map((i) => i.name.toLowerCase()))).toBe(true);
  expect(unique(INPUTS.flatMap((i) => [optionName(i), ...(i.aliases ?? [])]))).toBe(true);
});

test("a refusal names the input by its key, the name --json and the library use", () => {
  for (const i of INPUTS) expect({ key: i.key, error: i.rule.error.split(" must be ")[0] }).toEqual({ key: i.key, error: i.key });
});

test("each default is a value its own rule accepts, and is the reference design's", () => {
  for (const i of INPUTS) {
    expect({ key: i.key, checked: inputFromCell(i.key, i.defaultValue === "" ? null : (i.defaultValue as number | string)) }).toEqual({ key: i.key, checked: { value: i.defaultValue } });
    expect(REFERENCE_DESIGN_INPUTS[i.key]).toBe(i.defaultValue);
  }
});

test("every surface takes every input: a cell and a defined name, an option, and a field unless kept to the sheet", () => {
  for (const i of INPUTS) {
    expect(INPUT_CELLS[i.key]).toMatch(/^B\d+$/);
    expect(INPUT_NAMES[i.key]).toBe(i.name);
  }
  expect(inputOptions().map((o) => o.key)).toEqual(INPUTS.map((i) => i.key));
  expect(FORM_FIELDS.map((f) => f.key).sort()).toEqual(INPUTS.filter((i) => i.inPane !== false).map((i) => i.key).sort());
});
