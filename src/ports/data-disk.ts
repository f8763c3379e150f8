/**
 * The disk the deployment keeps its data on (DATA_DIR): how full it is, and how full is too full
 * (DISK_ALERT_PERCENT). The disk monitor is down while more than `alertPercent` of it is used.
 */
export abstract class DataDisk {
  abstract readonly alertPercent: number;
  /** Percent of the disk in use (0-100), as `df` counts it; rejects when it cannot be read. */
  abstract usedPercent(): Promise<number>;
}
