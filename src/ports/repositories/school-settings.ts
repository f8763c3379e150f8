/**
 * A school's settings (domain/settings/): each stored whole as JSON under its name. The repository
 * neither knows nor checks the shapes; the setting's declaration parses what it reads.
 */
export abstract class SchoolSettingRepository {
  /** The stored value, or null when the school never saved this setting. */
  abstract get(tenantId: string, name: string): Promise<unknown>;
  /** Stores the value, replacing any before it. */
  abstract put(tenantId: string, name: string, value: unknown, at: string): Promise<void>;
}
