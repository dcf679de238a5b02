import { IllegalArgumentException } from '../errors';
import type { Db } from '../db/database';
import { getServerSettings } from '../db/servers';
import { sendSms, smsConfigured } from '../notifications/channels/sms';
import { deviceProtocol } from '../protocol';

/**
 * A command sent by SMS (`textChannel: true`, Traccar's text channel): the text the device's
 * protocol takes by SMS (`docs/protocols.md`: `RELAY,1#` for a GT06, `stop123456` for a Coban,
 * `  setdigout 1` for a Teltonika), or a custom command's text, to the device's phone number
 * through the SMS gateway the server's notifications use (`notificator.sms.http.*`).
 */
export async function sendCommandBySms(
  db: Db,
  device: { phone: string | null; protocol: string | null },
  command: { type: string; attributes: Record<string, unknown> },
  log: { warn(object: unknown, message?: string): void },
): Promise<void> {
  const { attributes: settings } = await getServerSettings(db);
  if (!smsConfigured(settings)) throw new IllegalArgumentException('SMS is not configured');
  const phone = device.phone?.trim();
  if (!phone) throw new IllegalArgumentException('The device has no phone number');
  const text = smsText(device.protocol, command);
  if (text === null) {
    throw new IllegalArgumentException('Command is not supported by SMS for the device protocol');
  }
  await sendSms(
    { settings, fetch, log },
    { id: 0, email: '', phone, attributes: {} },
    { subject: command.type, text },
  );
}

/** The SMS text of a command for a device of `protocol`; null when it has none. */
function smsText(
  protocol: string | null,
  command: { type: string; attributes: Record<string, unknown> },
): string | null {
  const definition = deviceProtocol(protocol);
  if (definition?.encodeText && definition.textCommands?.includes(command.type)) {
    return definition.encodeText(command);
  }
  const data = command.attributes.data;
  return command.type === 'custom' && typeof data === 'string' && data !== '' ? data : null;
}
