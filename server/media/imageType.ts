/** The device photo types Traccar accepts, by declared Content-Type, with their file extension. */
const EXTENSIONS: Record<string, ImageExtension> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/gif': 'gif',
  'image/webp': 'webp',
};

export type ImageExtension = 'jpg' | 'png' | 'gif' | 'webp';

/** The bare media type of a Content-Type header, lower-cased, parameters dropped. */
export function mediaType(contentType: string | undefined): string {
  return (contentType ?? '').split(';')[0].trim().toLowerCase();
}

/** The extension for a declared type, or null for anything else (SVG included: it can script). */
export function imageExtension(contentType: string | undefined): ImageExtension | null {
  return EXTENSIONS[mediaType(contentType)] ?? null;
}

const startsWith = (bytes: Uint8Array, signature: number[], offset = 0) =>
  bytes.length >= offset + signature.length &&
  signature.every((byte, index) => bytes[offset + index] === byte);

const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));

/**
 * Whether the bytes start with the magic number of that image type, so that a file stored as
 * `device.png` is a PNG whatever the client declared.
 */
export function bytesAreImage(bytes: Uint8Array, extension: ImageExtension): boolean {
  switch (extension) {
    case 'jpg':
      return startsWith(bytes, [0xff, 0xd8, 0xff]);
    case 'png':
      return startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    case 'gif':
      return startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'));
    case 'webp':
      return startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8);
  }
}
