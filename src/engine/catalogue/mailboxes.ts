/** The mailboxes a design serves: how many, their quota and archive, the mail they send and receive (Dell: 3.4.2; Microsoft: Input!C55:C61). */
import { cite } from "../papers";
import { microsoftFactorBounds } from "../microsoft/tables";
import { numberInputRule, sameFactor, valueOf, type InputDeclaration } from "./input";

const DELL_PROFILE = cite("dell", "3.4.2");

export const MAILBOX_INPUTS = [
  {
    key: "users", value: valueOf<number>(), defaultValue: 5000, label: "Users", unit: "users", name: "Users", group: "mailboxes",
    what: "Mailboxes, growth included", source: DELL_PROFILE,
    rule: numberInputRule("users", { min: 1, max: 100_000_000, integer: true }, "The number of mailboxes"),
  },
  {
    key: "quotaMB", value: valueOf<number>(), defaultValue: 2048, label: "Mailbox quota", unit: "MB", name: "QuotaMB", aliases: ["--quota"], group: "mailboxes",
    what: "The mailbox quota in MB", source: DELL_PROFILE,
    rule: numberInputRule("quotaMB", { above: 0, max: 10_000_000 }, "The mailbox quota in MB"),
  },
  {
    key: "archiveMB", value: valueOf<number>(), defaultValue: 0, label: "Personal archive quota", unit: "MB", name: "ArchiveMB", group: "mailboxes",
    what: "The personal archive's size limit in MB, in the mailbox's database (0: no archive)", source: cite("microsoft", "Input!C61"),
    rule: numberInputRule("archiveMB", { min: 0, max: 10_000_000 }, "The personal archive's size limit in MB; 0 for no archive (Microsoft's calculator, Input!C61)."),
  },
  {
    key: "messagesPerDay", value: valueOf<number>(), defaultValue: 150, label: "Messages per day", unit: "a day", name: "MessagesPerDay", aliases: ["--messages"], group: "mailboxes",
    what: "Messages sent and received per user per day", source: DELL_PROFILE,
    rule: numberInputRule("messagesPerDay", { min: 0, max: 100_000 }, "Messages sent and received per user per day"),
  },
  {
    key: "messageKB", value: valueOf<number>(), defaultValue: 75, label: "Average message size", unit: "KB", name: "MessageKB", group: "mailboxes",
    what: "The average message size in KB", source: DELL_PROFILE,
    rule: numberInputRule("messageKB", { above: 0, max: 1_000_000 }, "The average message size in KB"),
  },
  {
    // The calculator's per-tier factor (Input!C66, C85, G66, G85), one for every mailbox here: its share of mailboxes (C65) stays 100%.
    key: "iopsMultiplier", checkedApart: true, value: valueOf<number>(), optional: true, defaultValue: 1, label: "IOPS multiplication factor", unit: "", numberFormat: "0.00",
    name: "IopsMultiplier", group: "mailboxes", hint: "Microsoft's method; 1: the profile's own",
    what: "Microsoft's method: a mailbox's database IOPS times this (third-party clients, mobile devices, archiving add-ons); 1: the profile's own",
    source: cite("microsoft", "Input!C65:C66"),
    rule: numberInputRule("iopsMultiplier", microsoftFactorBounds("iopsMultiplier"), "Microsoft's method: a mailbox's IOPS times this (the calculator's Input!C66); 1 for the profile's own"),
    microsoftFactor: sameFactor("iopsMultiplier"),
  },
  {
    // The calculator's retention window (Input!C62), one for every mailbox: it sizes the dumpster (Role Requirements!C21).
    key: "deletedItemDays", checkedApart: true, value: valueOf<number>(), optional: true, defaultValue: 14, label: "Deleted item retention", unit: "days",
    name: "DeletedItemDays", group: "mailboxes", hint: "Microsoft's method; 14: Exchange's default",
    what: "Microsoft's method: days a deleted item is kept in the dumpster before it is purged (the mailbox database's retention); 14: Exchange's default",
    source: cite("microsoft", "Input!C62"),
    rule: numberInputRule("deletedItemDays", microsoftFactorBounds("deletedItemDays"), "Microsoft's method: days deleted items are retained (the calculator's Input!C62); 14 by default"),
    microsoftFactor: sameFactor("deletedItemDays"),
  },
] as const satisfies readonly InputDeclaration[];
