/** Microsoft's method (Exchange 2013–2019), after Microsoft, Exchange Server Role Requirements Calculator v7.6. */
export * from "./tables";
export * from "./mailbox";
export * from "./design";
export { JBOD_CATALOGUE, SERVER_DISK_DEFAULTS, jbodDisk } from "./disks";
