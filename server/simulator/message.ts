import type { VehicleReport } from './vehicle';

/**
 * The OsmAnd / Traccar Client query a phone sends (docs/tracking-core.md): speed in knots,
 * `timestamp` in epoch seconds, `batt` for the tracker battery, anything else becomes a position
 * attribute.
 */
export function osmAndQuery(report: VehicleReport): string {
  const params = new URLSearchParams({
    id: report.uniqueId,
    timestamp: String(Math.floor(report.time / 1000)),
    lat: report.latitude.toFixed(6),
    lon: report.longitude.toFixed(6),
    speed: report.speed.toFixed(1),
    bearing: report.course.toFixed(0),
    altitude: report.altitude.toFixed(0),
    accuracy: report.accuracy.toFixed(0),
    batt: String(report.batteryLevel),
    ignition: String(report.ignition),
    blocked: String(report.blocked),
    power: report.power.toFixed(2),
    sat: String(report.sat),
    odometer: String(report.odometer),
    hours: String(report.hours),
  });
  if (report.alarm) params.set('alarm', report.alarm);
  return params.toString();
}

export type SimulatorCommand = 'engineStop' | 'engineResume';

/**
 * Reads a queued command from an OsmAnd reply body: Traccar answers with the command's `data`
 * text. Accepts the bare type name (`engineStop`), a JSON command (`{"type":"engineStop"}` or
 * `{"data":"engineStop"}`), and a few spellings people type into a custom command.
 */
export function parseCommand(body: string): SimulatorCommand | null {
  let text = body.trim();
  if (text === '') return null;
  if (text.startsWith('{')) {
    try {
      const json = JSON.parse(text) as {
        type?: unknown;
        data?: unknown;
        attributes?: { data?: unknown };
      };
      const data =
        json.type === 'custom' ? (json.data ?? json.attributes?.data) : (json.type ?? json.data);
      text = typeof data === 'string' ? data : '';
    } catch {
      return null;
    }
  }
  const normalized = text.toLowerCase().replace(/[\s_-]/g, '');
  if (/^(enginestop|stopengine|block|bloquear)$/.test(normalized)) return 'engineStop';
  if (/^(engineresume|resumeengine|unblock|desbloquear)$/.test(normalized)) return 'engineResume';
  return null;
}
