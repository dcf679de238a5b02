/**
 * Queclink device models by protocol version. Every @Track message carries `<protocol version>`:
 * `XXYYZZ`, where `XX` is the device type and `YYZZ` the protocol's major and minor version, or a
 * ten-character `XXXXXXYYZZ` on the newest models (their six-character prefix is the type).
 * Field layouts and the default password differ per model, so the decoder remembers the model a
 * connection announced and the encoder uses it.
 */

const MODELS: Readonly<Record<string, string>> = {
  '02': 'GL200',
  '04': 'GV200',
  '06': 'GV300',
  '08': 'GMT100',
  '09': 'GV50P',
  '0F': 'GV55',
  '10': 'GV55 LITE',
  '11': 'GL500',
  '1A': 'GL300',
  '1F': 'GV500',
  '21': 'GL200',
  '25': 'GV300',
  '27': 'GV300W',
  '28': 'GL300VC',
  '2C': 'GL300W',
  '2D': 'GV500VC',
  '2F': 'GV55',
  '30': 'GL300',
  '31': 'GV65',
  '35': 'GV200',
  '36': 'GV500',
  '3F': 'GMT100',
  '40': 'GL500',
  '41': 'GV75W',
  '42': 'GT501',
  '44': 'GL530',
  '45': 'GB100',
  '4F': 'GV56',
  '50': 'GV55W',
  '52': 'GL50',
  '55': 'GL50B',
  '5E': 'GV500MAP',
  '6E': 'GV310LAU',
  BD: 'CV200',
  C2: 'GV600M',
  C3: 'GL320M',
  DC: 'GV600MG',
  DE: 'GL500M',
  DF: 'CV100LG',
  F1: 'GV350M',
  F8: 'GV800W',
  FC: 'GV600W',
  '802004': 'GV58LAU',
  '802005': 'GV355CEU',
  '80201E': 'GV30CEU',
};

/** The model a protocol version names, or '' when the type is not one we know. */
export function modelOf(version: string): string {
  const upper = version.toUpperCase();
  const prefix = upper.length > 6 ? upper.slice(0, 6) : upper.slice(0, 2);
  return MODELS[prefix] ?? '';
}

/**
 * The password a device leaves the factory with: Queclink documents it per model as the model's
 * name in lower case (`gv300`, `gl300`, `gmt100`, …). Null for an unknown model.
 */
export function factoryPassword(model: string): string | null {
  const password = model.toLowerCase().replace(/[^a-z0-9]/g, '');
  return password === '' ? null : password;
}

/** Models that run on their own battery, whose reports carry a battery percentage. */
export function isPortable(model: string): boolean {
  return /^(GL|GT|GB|GMT)/.test(model);
}
