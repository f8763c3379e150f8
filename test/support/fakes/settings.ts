import type { Settings } from '../../../src/ports/settings.js';

/** Deployment settings for tests. */
export const testSettings: Settings = {
  publicUrl: 'https://desk.school.example',
  alertEmailTo: ['it@district.example'],
};
