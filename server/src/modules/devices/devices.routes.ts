import { z } from 'zod';
import { idParam } from '@shared/schemas/common';
import {
  device,
  deviceHeartbeat,
  deviceHeartbeatInput,
  deviceList,
  deviceListQuery,
  deviceRegisterInput,
  deviceRenameInput,
} from '@shared/schemas/devices';
import { listQuery } from '@shared/schemas/pagination';
import type { AppContext } from '../../context';
import { sessionOf } from '../../http/session';
import type { App } from '../../types';
import { registerDeviceGuard } from './device-guard';
import { createDevicesService } from './devices.service';

const params = z.object({ id: idParam });

/**
 * Floor devices (src/shared/schemas/devices.ts lists the endpoints), and the guard that refuses
 * every write of a revoked device, whatever route it goes to (device-guard.ts).
 */
export function devicesRoutes(app: App, ctx: AppContext): void {
  registerDeviceGuard(app, ctx.revokedDevices);
  const service = createDevicesService(ctx, ctx.revokedDevices);
  // The heartbeats gathered in this process are written before it stops.
  app.addHook('onClose', () => service.flushBeats());
  const tags = ['devices'];
  const security = [{ bearer: [] }];

  app.post(
    '/api/v1/device/register/',
    {
      schema: {
        tags,
        security,
        summary:
          "Register this floor device at the user's venue (admins name the venue); a known device moves there. 201 new, 200 known",
        body: deviceRegisterInput,
        response: { 200: device, 201: device },
      },
      config: { policy: 'device.report' },
    },
    async (request, reply) => {
      const { status, body } = await service.register(request, request.body);
      return reply.status(status).send(body);
    },
  );

  app.post(
    '/api/v1/device/heartbeat/',
    {
      schema: {
        tags,
        security,
        summary: "The sync engine's report: last seen, user, app version, writes pending (403 device_revoked)",
        body: deviceHeartbeatInput,
        response: { 200: deviceHeartbeat },
      },
      config: { policy: 'device.report' },
    },
    (request) => service.heartbeat(sessionOf(request), request.body),
  );

  app.get(
    '/api/v1/venue/:id/devices/',
    {
      schema: {
        tags,
        security,
        summary: "The venue's floor devices",
        params,
        querystring: listQuery,
        response: { 200: deviceList },
      },
      config: { policy: 'device.manage' },
    },
    (request) => service.listOfVenue(sessionOf(request), request.params.id, request.query),
  );

  app.get(
    '/api/v1/device/',
    {
      schema: {
        tags,
        security,
        summary: 'Every venue’s floor devices (filter ?venue=)',
        querystring: deviceListQuery,
        response: { 200: deviceList },
      },
      config: { policy: 'device.list' },
    },
    (request) => service.listAll(request.query),
  );

  app.patch(
    '/api/v1/device/:id/',
    {
      schema: {
        tags,
        security,
        summary: 'Rename a device',
        params,
        body: deviceRenameInput,
        response: { 200: device },
      },
      config: { policy: 'device.manage' },
    },
    (request) => service.rename(request, request.params.id, request.body),
  );

  app.post(
    '/api/v1/device/:id/revoke/',
    {
      schema: {
        tags,
        security,
        summary: 'Revoke a device: its writes, heartbeat and token exchange are refused (again: no change)',
        params,
        response: { 200: device },
      },
      config: { policy: 'device.manage' },
    },
    (request) => service.revoke(request, request.params.id),
  );

  app.post(
    '/api/v1/device/:id/restore/',
    {
      schema: {
        tags,
        security,
        summary: 'Restore a revoked device (again: no change)',
        params,
        response: { 200: device },
      },
      config: { policy: 'device.manage' },
    },
    (request) => service.restore(request, request.params.id),
  );
}
