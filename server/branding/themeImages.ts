import { ASSET_FILES, FAVICON_SIZES, type UploadType } from '../../model/theme';

export const MAX_UPLOAD_BYTES = 2 * 1024 * 1024;

type ImageKind = 'png' | 'jpeg' | 'webp';

/**
 * The image type by its magic bytes, never by name or declared type. Only PNG, JPEG and WebP;
 * SVG (scriptable), GIF and anything else is null.
 */
export function sniffImage(bytes: Uint8Array): ImageKind | null {
  const starts = (signature: number[], offset = 0) =>
    bytes.length >= offset + signature.length &&
    signature.every((byte, index) => bytes[offset + index] === byte);
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (starts([0xff, 0xd8, 0xff])) return 'jpeg';
  // RIFF....WEBP
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return 'webp';
  return null;
}

interface OutputFile {
  name: string;
  content: Buffer;
}

/**
 * Re-encodes an upload into the fixed files of its type (`ASSET_FILES`): nothing of the
 * original file, its name or its metadata survives. Throws when the bytes do not decode.
 */
export async function renderUpload(type: UploadType, bytes: Buffer): Promise<OutputFile[]> {
  // Loaded with the first upload rather than at every server start.
  const { default: sharp } = await import('sharp');
  // Decoding refuses pixel bombs; output drops all metadata (sharp's default).
  const open = (input: Buffer) =>
    sharp(input, { limitInputPixels: 40_000_000, failOn: 'error' }).rotate();
  switch (type) {
    case 'logo-interno':
    case 'logo-login': {
      const content = await open(bytes)
        .resize(800, 400, { fit: 'inside', withoutEnlargement: true })
        .png()
        .toBuffer();
      return [
        { name: type === 'logo-interno' ? ASSET_FILES.logo : ASSET_FILES.logoLogin, content },
      ];
    }
    case 'bg-login': {
      const content = await open(bytes)
        .resize(1600, 900, { fit: 'cover' })
        .flatten({ background: '#000000' })
        .jpeg({ quality: 82, mozjpeg: true })
        .toBuffer();
      return [{ name: ASSET_FILES.background, content }];
    }
    case 'fav-icon': {
      const source = await open(bytes).png().toBuffer();
      return Promise.all(
        FAVICON_SIZES.map(async (size) => ({
          name: ASSET_FILES.favicon(size),
          content: await sharp(source)
            .resize(size, size, { fit: 'contain', background: { r: 0, g: 0, b: 0, alpha: 0 } })
            .png()
            .toBuffer(),
        })),
      );
    }
  }
}
