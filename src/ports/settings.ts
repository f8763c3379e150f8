/** Deployment settings the domain needs (from configuration, read once at start). */
export abstract class Settings {
  /** Base address used in links, e.g. `https://desk.school.example` (no trailing slash). */
  abstract readonly publicUrl: string;
}
