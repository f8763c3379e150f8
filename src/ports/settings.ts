/** Deployment settings the domain needs (from configuration, read once at start). */
export abstract class Settings {
  /** Base address used in links, e.g. `https://desk.school.example` (no trailing slash). */
  abstract readonly publicUrl: string;
  /** Who hears of deployment-wide alerts (ALERT_EMAIL_TO); empty: nobody by e-mail. */
  abstract readonly alertEmailTo: readonly string[];
  /** The address Desk sends from (MAIL_FROM), or null: mail from it is Desk's own. */
  abstract readonly mailFrom?: string | null;
}
