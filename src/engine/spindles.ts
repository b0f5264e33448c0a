import { ceilCount } from "./rounding";
import { DELL_RULES } from "./rules/dell";
import { RAID_LAYOUTS, type RaidLevel } from "./tables";

const backendOf = DELL_RULES.compile("backendIops", ["frontEndIops", "readRatio", "writePenalty"]);
const iopsDisksOf = DELL_RULES.compile("spindles", ["backendIops", "minimumSet", "group", "diskIops"]);
const NO_FACTORS = {};

export interface SpindleInput {
  /** Front-end IOPS, headroom already included (001: "(Users × IOPS per user) + 20%"). */
  iops: number;
  raid: RaidLevel;
  /** Random IOPS one disk delivers (001: 140 for 10k, 65 for 7.2k). */
  diskIops: number;
  /** Share of I/O that is reads, 0–1 (001: 0.6). */
  readRatio: number;
  /** Capacity to hold and the size of one disk, GB; both or neither. */
  capacityGB?: number;
  diskGB?: number;
  /** Disks per RAID group, e.g. 8 for RAID 5 (7+1). */
  groupSize?: number;
}

export interface SpindleCount {
  /** Back-end IOPS after the write penalty: IOPS × R + WP × IOPS × W. */
  backendIops: number;
  /** Disks the IOPS need, at the RAID level's granularity. */
  iopsDisks: number;
  /** Disks the capacity needs, or undefined when no capacity was given. */
  capacityDisks: number | undefined;
  /** max(iopsDisks, capacityDisks). */
  disks: number;
}

/**
 * Spindles — 001_0443ed4d42832f8c.txt, "Phase 2" and "Storage requirements calculated":
 *   disks = ceil((IOPS × R + WP × IOPS × W) / diskIOPS)
 * rounded up, never down (erratum E3: the paper prints 16.97 as 16), then to the RAID level's
 * granularity: even for mirrors, whole groups when a group size is given (SIZING.md section 4).
 */
export function spindleCount(input: SpindleInput): SpindleCount {
  const layout = RAID_LAYOUTS[input.raid];
  const group = input.groupSize ?? layout.defaultGroup;
  const backendIops = backendOf([input.iops, input.readRatio, layout.writePenalty], NO_FACTORS);
  // A RAID set has at least its level's minimum (RAID 5: 3 disks, RAID 6: 4, mirrors: a pair);
  // no group is groups of one (rules/dell.ts spindles).
  const iopsDisks = iopsDisksOf([backendIops, layout.minGroup, group ?? 1, input.diskIops], NO_FACTORS);

  let capacityDisks: number | undefined;
  if (input.capacityGB !== undefined && input.diskGB !== undefined) {
    const dataDisks = ceilCount(input.capacityGB / input.diskGB);
    capacityDisks =
      group === undefined
        ? Math.max(layout.minGroup, dataDisks + layout.parityDisks)
        : ceilCount(dataDisks / layout.dataDisksPerGroup(group)) * group;
    if (dataDisks === 0) capacityDisks = 0;
  }
  return { backendIops, iopsDisks, capacityDisks, disks: Math.max(iopsDisks, capacityDisks ?? 0) };
}
