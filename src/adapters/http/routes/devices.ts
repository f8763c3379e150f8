import { AssignDevice } from '../../../domain/devices/assign-device.js';
import { ChangeDeviceStatus } from '../../../domain/devices/change-device-status.js';
import { CreateDevice } from '../../../domain/devices/create-device.js';
import { GetDeviceRecord } from '../../../domain/devices/get-device-record.js';
import { ListDeviceHistory } from '../../../domain/devices/list-device-history.js';
import { SearchDevices } from '../../../domain/devices/search-devices.js';
import { UnassignDevice } from '../../../domain/devices/unassign-device.js';
import { UpdateDevice } from '../../../domain/devices/update-device.js';
import { perform } from '../../../domain/shared/use-case.js';
import { consoleActor, consoleAuth } from '../auth/session.js';
import { jsonBody, objectBody } from '../json-body.js';
import { OriginPolicy, requireAllowedOrigin } from '../middleware/origin-check.js';
import { queryReader } from '../query.js';
import type { RouteModule } from '../route-module.js';

const readSearchQuery = queryReader(SearchDevices.input);
const readHistoryQuery = queryReader(ListDeviceHistory.input);

/**
 * The asset register (issue 12, point 3) for signed-in staff: the list (the `devices.search` tool's
 * use case), a device with its history, and keeping the register (register, correct, assign,
 * unassign, status moves). Writes also refuse browser origins that may not act for the user's
 * school. One use case per handler (module `assets`, then the permission, then the input): 404
 * module off, 403, 400 naming the field, 404 for a device (or person) of no one's reach, 409 for a
 * move the register does not allow. API keys read the register at `/api/v1/devices` instead.
 */
export const deviceRoutes: RouteModule = {
  name: 'devices',
  register(router, deps) {
    const { container, config, resolve } = deps;
    const signedIn = consoleAuth(container);
    const sameOrigin = requireAllowedOrigin(new OriginPolicy(config));

    router.get('/api/devices', signedIn, async (ctx) => {
      ctx.body = await perform(resolve, SearchDevices, consoleActor(ctx), readSearchQuery(ctx));
    });
    router.post('/api/devices', signedIn, sameOrigin, jsonBody(), async (ctx) => {
      ctx.body = await perform(resolve, CreateDevice, consoleActor(ctx), objectBody(ctx));
      ctx.status = 201;
    });
    router.get('/api/devices/:id', signedIn, async (ctx) => {
      ctx.body = await perform(resolve, GetDeviceRecord, consoleActor(ctx), { id: ctx.params.id });
    });
    router.get('/api/devices/:id/history', signedIn, async (ctx) => {
      const input = { ...readHistoryQuery(ctx), id: ctx.params.id };
      ctx.body = await perform(resolve, ListDeviceHistory, consoleActor(ctx), input);
    });
    router.patch('/api/devices/:id', signedIn, sameOrigin, jsonBody(), async (ctx) => {
      ctx.body = await perform(resolve, UpdateDevice, consoleActor(ctx), { ...objectBody(ctx), id: ctx.params.id });
    });
    router.post('/api/devices/:id/assign', signedIn, sameOrigin, jsonBody(), async (ctx) => {
      ctx.body = await perform(resolve, AssignDevice, consoleActor(ctx), { ...objectBody(ctx), id: ctx.params.id });
    });
    // Unassign takes nothing but the id in the path (a body, if any, is not read).
    router.post('/api/devices/:id/unassign', signedIn, sameOrigin, jsonBody(), async (ctx) => {
      ctx.body = await perform(resolve, UnassignDevice, consoleActor(ctx), { id: ctx.params.id });
    });
    router.post('/api/devices/:id/status', signedIn, sameOrigin, jsonBody(), async (ctx) => {
      const input = { ...objectBody(ctx), id: ctx.params.id };
      ctx.body = await perform(resolve, ChangeDeviceStatus, consoleActor(ctx), input);
    });
  },
};
