/**
 * The codec identifiers and sizes of Teltonika's data sending protocols (the "Teltonika Data
 * Sending Protocols" document): the byte after an AVL packet's length says how the rest reads.
 */

export const PROTOCOL = 'teltonika';

export const CODEC = {
  /** GH3000 personal trackers: bit-masked records, seconds since 2007. */
  GH3000: 0x07,
  /** The FMB/FMC/FMM/FMT default: 1-byte IO ids and counts. */
  CODEC_8: 0x08,
  /** Codec 8 Extended: 2-byte IO ids and counts, plus variable-length IO values. */
  CODEC_8_EXT: 0x8e,
  /** Codec 16: 2-byte IO ids and a generation type (FM6300-style devices). */
  CODEC_16: 0x10,
  /** Text commands and their responses over GPRS. */
  CODEC_12: 0x0c,
  /** Messages from the device with a timestamp (one way). */
  CODEC_13: 0x0d,
  /** Codec 12 carrying the IMEI the command is meant for. */
  CODEC_14: 0x0e,
  /** RS232 messages with timestamp and IMEI (FMX6 only): recognised, not decoded. */
  CODEC_15: 0x0f,
} as const;

/** Codecs whose packets carry AVL records (positions). */
export const LOCATION_CODECS: ReadonlySet<number> = new Set([
  CODEC.GH3000,
  CODEC.CODEC_8,
  CODEC.CODEC_8_EXT,
  CODEC.CODEC_16,
]);

/** Every codec byte a device sends; anything else at that place is not a Teltonika packet. */
export const KNOWN_CODECS: ReadonlySet<number> = new Set([
  ...LOCATION_CODECS,
  CODEC.CODEC_12,
  CODEC.CODEC_13,
  CODEC.CODEC_14,
  CODEC.CODEC_15,
]);

/** Codec 12/13/14 message types. */
export const MESSAGE_TYPE = {
  /** A command (server to device, or a codec 13 message from the device). */
  COMMAND: 0x05,
  /** The device's response to a command. */
  RESPONSE: 0x06,
  /** A camera transfer (not supported). */
  CAMERA: 0x0d,
  /** Codec 14: the command named another IMEI, so the device did not run it. */
  NOT_MINE: 0x11,
} as const;

/** Four zero bytes and the 4-byte data length before the codec byte of a TCP packet. */
export const TCP_HEADER = 8;
/** The 4-byte CRC field after the data. */
export const CRC_FIELD = 4;
/** Codec, record count, record count again: the shortest data a packet can have. */
export const MIN_DATA_LENGTH = 3;
/**
 * The longest data length believed. A device's packet is at most a few KiB (1280 bytes for most
 * FMB models); a length beyond what the connection may buffer (64 KiB) is garbage, skipped
 * without waiting for (or allocating) that many bytes.
 */
export const MAX_DATA_LENGTH = 64 * 1024 - TCP_HEADER - CRC_FIELD;
/** IMEI lengths accepted in the login frame (Teltonika sends the 15-digit IMEI). */
export const MIN_IMEI_LENGTH = 5;
export const MAX_IMEI_LENGTH = 20;
/** The keep-alive byte a device sends when its network ping is configured. */
export const PING = 0xff;
