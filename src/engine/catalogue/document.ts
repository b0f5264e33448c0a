/**
 * Who a design is for and from: the Summary's heading and every printed page header show
 * them. Text, not sizing inputs: the engine never reads them, and the Design check leaves them out.
 */
import { textInputRule, valueOf, type InputDeclaration } from "./input";

/** The design's name in page headers and on the Summary when no title is given. */
export const DEFAULT_TITLE = "Exchange mailbox storage design";

export const DOCUMENT_INPUTS = [
  {
    key: "title", value: valueOf<string>(), optional: true, defaultValue: "", label: "Design title", unit: "", numberFormat: "@", name: "DesignTitle", group: "document",
    hint: "Optional: on the Summary and every printed page",
    what: `The design's name on the Summary and in every page header; empty: "${DEFAULT_TITLE}"`, source: "Yours", rule: textInputRule("title", "Design title", 60),
  },
  {
    key: "preparedFor", value: valueOf<string>(), optional: true, defaultValue: "", label: "Prepared for", unit: "", numberFormat: "@", name: "PreparedFor", group: "document",
    hint: "Optional: the customer or project",
    what: "The customer or project, in every page header", source: "Yours", rule: textInputRule("preparedFor", "Prepared for", 50),
  },
  {
    key: "preparedBy", value: valueOf<string>(), optional: true, defaultValue: "", label: "Prepared by", unit: "", numberFormat: "@", name: "PreparedBy", group: "document",
    hint: "Optional: you",
    what: "Who prepared the design, in every page header", source: "Yours", rule: textInputRule("preparedBy", "Prepared by", 50),
  },
] as const satisfies readonly InputDeclaration[];
