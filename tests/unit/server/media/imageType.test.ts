/**
 * Device photo dimensions read from the header alone (`server/media/imageType.ts`), for every
 * type the server takes, on pictures an encoder really wrote.
 */
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { imageSize, type ImageExtension } from '../../../../server/media/imageType';

const picture = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#3366cc' } });

describe('imageSize', () => {
  const cases: [string, ImageExtension, () => Promise<Buffer>][] = [
    ['JPEG', 'jpg', () => picture(321, 123).jpeg().toBuffer()],
    ['progressive JPEG', 'jpg', () => picture(321, 123).jpeg({ progressive: true }).toBuffer()],
    ['PNG', 'png', () => picture(321, 123).png().toBuffer()],
    ['GIF', 'gif', () => picture(321, 123).gif().toBuffer()],
    ['lossy WebP', 'webp', () => picture(321, 123).webp().toBuffer()],
    ['lossless WebP', 'webp', () => picture(321, 123).webp({ lossless: true }).toBuffer()],
    [
      'extended WebP (alpha)',
      'webp',
      () =>
        sharp({ create: { width: 321, height: 123, channels: 4, background: '#3366cc80' } })
          .webp()
          .toBuffer(),
    ],
  ];
  for (const [name, extension, make] of cases) {
    it(`reads a ${name}'s width and height`, async () => {
      expect(imageSize(await make(), extension)).toEqual({ width: 321, height: 123 });
    });
  }

  it('answers null for a header that does not say', () => {
    expect(imageSize(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]), 'jpg')).toBeNull();
    expect(imageSize(Buffer.from('RIFF0000WEBPVP8L'), 'webp')).toBeNull();
    expect(imageSize(Buffer.from([0x89, 0x50, 0x4e, 0x47]), 'png')).toBeNull();
  });
});
