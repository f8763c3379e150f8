import type { SchoolSetting } from '../../../domain/settings/school-setting.js';
import { SCHOOL_SETTINGS } from '../../../domain/settings/school-settings.js';
import { routeGroup, useCaseRoute } from '../contract/route.js';
import { named } from '../contract/schema-names.js';

/** The two routes of one setting: read it (or its defaults) and write it whole. */
const settingRoutes = (setting: SchoolSetting) => {
  const schema = named(setting.typeName, setting.schema);
  return [
    useCaseRoute({
      method: 'get',
      path: `/api/settings/${setting.name}`,
      summary: `${setting.title}: the school's setting, or the defaults when it never saved one`,
      useCase: setting.get,
      output: schema,
    }),
    useCaseRoute({
      method: 'put',
      path: `/api/settings/${setting.name}`,
      summary: `${setting.title}: set it whole (a field left out takes its default); audited`,
      useCase: setting.put,
      output: schema,
    }),
  ];
};

/**
 * The school's settings declared in the domain (domain/settings/school-settings.ts): each one's
 * routes come from its declaration, so a new setting needs no route of its own. The settings of
 * single sign-on and alerts keep their own capabilities (their shapes hold secrets or recipients).
 */
export const schoolSettingRoutes = routeGroup(
  'settings',
  "The school's settings: its year, reminders, insurance and the checks at the desk.",
  SCHOOL_SETTINGS.flatMap(settingRoutes),
);
