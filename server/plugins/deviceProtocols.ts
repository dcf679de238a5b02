import fp from 'fastify-plugin';
import { takeQueuedCommands } from '../commands/queue';
import { DeviceDirectoryService } from '../devices/connecting';
import { makeEvent } from '../processing/types';
import { ConnectedDevices } from '../protocol/shared/connectedDevices';
import type { CommandQueue } from '../protocol/shared/directory';
import type { SessionDeps } from '../protocol/shared/session';
import type { Transport } from '../protocol/shared/definition';

/** A port devices report to, as the administrators' screens show it. */
export interface ListeningPort {
  protocol: string;
  port: number;
  transports: readonly (Transport | 'http')[];
}

/**
 * Wires the hardware protocols' sessions (docs/protocols.md) to the rest of the server: the
 * tracking core stores their positions, the device directory binds their connections (and keeps
 * the devices trying to connect), the command queue hands them what waited, and a command queued
 * anywhere in a cluster reaches the instance its device is connected to through the change feed.
 * `main.ts` opens the ports with `deviceSessionDeps` once the app is ready.
 */

declare module 'fastify' {
  interface FastifyInstance {
    /** The devices connected to this instance: where commands go at once. */
    deviceSessions: ConnectedDevices;
    /** What each protocol session needs (`protocol/devicePorts.ts`). */
    deviceSessionDeps: SessionDeps;
    /** The ports devices report to, once `main.ts` opened them (OsmAnd's first). */
    deviceListeningPorts: ListeningPort[];
  }
}

export const deviceProtocolsPlugin = fp(
  async (app) => {
    const sessions = new ConnectedDevices();
    const { ingest, cache } = app.tracking;
    const directory = new DeviceDirectoryService(app.db, cache, app.changes, app.log);
    const queue: CommandQueue = {
      async take(deviceId) {
        const commands = await takeQueuedCommands(app.db, deviceId);
        const now = Date.now();
        for (const command of commands) {
          // As Traccar: the queued command's handover is an event of its own.
          ingest.recordEvent(
            makeEvent(
              'queuedCommandSent',
              { id: 0, deviceId, fixTime: now },
              { attributes: { id: command.id, type: command.type } },
            ),
          );
        }
        return commands;
      },
    };
    const stopListening = app.changes.on((change) => {
      if (change.kind === 'commandQueued') sessions.deliverQueued(change.deviceId);
    });
    app.decorate('deviceSessions', sessions);
    app.decorate('deviceListeningPorts', []);
    app.decorate('deviceSessionDeps', {
      sink: ingest,
      directory,
      queue,
      registry: sessions,
      log: app.log,
      messages: app.tracking.messages,
    });
    app.addHook('onClose', async () => stopListening());
  },
  { name: 'deviceProtocols', dependencies: ['tracking'] },
);
