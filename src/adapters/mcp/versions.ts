/**
 * The 2026-era protocol version Desk serves, and how a version string is told to be of that era.
 * Kept apart from lanes.ts so that index.ts can offer it without loading the SDK.
 */

/** The one 2026-era revision Desk serves. */
export const MODERN_VERSION = '2026-07-28';

/** A version string of the 2026 era or later (dated versions compare as strings, as the v2 SDK does). */
export const isModernVersion = (version: string): boolean => version >= MODERN_VERSION;
