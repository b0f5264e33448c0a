/** The environment: its mailboxes as identical DAGs of this design (Dell EMC ESRP 2016, §4: 100,000 mailboxes as 14 DAGs of 7,600). */
import { cite } from "../papers";
import { numberInputRule, valueOf, type InputDeclaration } from "./input";
import type { Quantity } from "./quantity";
import { dagDisksOf } from "./storage";

const ENVIRONMENT = `${cite("esrp2016", "§4")}; ${cite("microsoft", "Role Requirements!C96; Storage Design!D202")}`;

export const ENVIRONMENT_QUANTITIES = [
  { key: "dags", label: "DAGs", unit: "", digits: 0, source: ENVIRONMENT, value: (d) => d.dags },
  { key: "serversPerDag", label: "Servers a DAG", unit: "", digits: 0, source: ENVIRONMENT, value: (d) => d.serversPerDag },
  { key: "usersPerDag", label: "Mailboxes a DAG", unit: "", digits: 0, source: ENVIRONMENT, value: (d) => d.usersPerDag },
  { key: "environmentUsers", label: "Mailboxes in the environment", unit: "", digits: 0, source: ENVIRONMENT, value: (d) => d.environmentUsers },
  { key: "environmentServers", label: "Servers in the environment", unit: "", digits: 0, source: ENVIRONMENT, value: (d) => d.environmentServers },
  { key: "environmentDatabases", label: "Databases in the environment", unit: "", digits: 0, source: ENVIRONMENT, value: (d) => d.dags * d.databases },
  {
    key: "environmentDisks", label: "Server disks in the environment", unit: "disks", digits: 0, method: "microsoft", source: ENVIRONMENT,
    // Identical DAGs: each DAG's disks, every site's (dagDisksOf), times the DAGs.
    value: (d) => { const disks = dagDisksOf(d); return disks === null ? null : d.dags * disks; },
  },
] as const satisfies readonly Quantity[];

export const ENVIRONMENT_INPUTS = [
  {
    // At least a DAG's users, a rule joining Users (environmentProblem, design-check.ts).
    key: "environmentUsers", value: valueOf<number | "">(), optional: true, defaultValue: "", label: "Mailboxes in the environment", unit: "mailboxes",
    name: "EnvironmentUsers", group: "dag", hint: "Empty for this DAG alone; else as many DAGs like it as they need",
    what: "The environment's mailboxes, sized as identical DAGs of Users each (the Summary's environment); empty or 0: this DAG alone",
    source: cite("esrp2016", "4"),
    rule: numberInputRule("environmentUsers", { min: 0, max: 1_000_000_000, integer: true }, "The environment's mailboxes, sized as identical DAGs of Users each: at least Users (empty or 0 = this DAG alone)", true),
  },
] as const satisfies readonly InputDeclaration[];
