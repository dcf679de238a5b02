import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { bytesAreImage, imageExtension } from '../../../../server/media/imageType';
import { insideRoot, isPlainName } from '../../../../server/media/safePath';

const ROOT = path.resolve('/srv/frota/media');

describe('insideRoot', () => {
  it('joins plain names under the root', () => {
    expect(insideRoot(ROOT, ['123456', 'device.png'])).toBe(path.join(ROOT, '123456/device.png'));
    expect(insideRoot(ROOT, ['img', 'logo.svg'])).toBe(path.join(ROOT, 'img/logo.svg'));
  });

  it('refuses anything that could leave the root or name a hidden file', () => {
    for (const segments of [
      [],
      [''],
      ['.'],
      ['..'],
      ['..', 'x'],
      ['a', '..', '..', 'x'],
      ['../x'],
      ['a/b'],
      ['a\\b'],
      ['/etc/passwd'],
      ['.device.png.tmp'],
      ['a\u0000b'],
      ['x'.repeat(256)],
    ]) {
      expect(insideRoot(ROOT, segments), JSON.stringify(segments)).toBeNull();
    }
  });

  it('accepts names with dots, spaces and accents inside', () => {
    for (const name of ['device.jpg', 'IMEI 35-1', 'câmera..jpg', 'a.b.c']) {
      expect(isPlainName(name), name).toBe(true);
    }
  });
});

describe('device image types', () => {
  it('maps Traccar’s four types, parameters and case aside, and nothing else', () => {
    expect(imageExtension('image/jpeg')).toBe('jpg');
    expect(imageExtension('IMAGE/PNG; charset=binary')).toBe('png');
    expect(imageExtension('image/gif')).toBe('gif');
    expect(imageExtension('image/webp')).toBe('webp');
    for (const type of ['image/svg+xml', 'image/bmp', 'text/html', '', undefined]) {
      expect(imageExtension(type), String(type)).toBeNull();
    }
  });

  it('checks the magic number of each type', () => {
    const webp = Buffer.from('RIFF\u0000\u0000\u0000\u0000WEBPVP8 ', 'latin1');
    expect(bytesAreImage(Buffer.from([0xff, 0xd8, 0xff, 0xdb]), 'jpg')).toBe(true);
    expect(bytesAreImage(Buffer.from('\u0089PNG\r\n\u001a\n', 'latin1'), 'png')).toBe(true);
    expect(bytesAreImage(Buffer.from('GIF87a'), 'gif')).toBe(true);
    expect(bytesAreImage(webp, 'webp')).toBe(true);
    expect(bytesAreImage(webp, 'png')).toBe(false);
    expect(bytesAreImage(Buffer.from('<svg/>'), 'jpg')).toBe(false);
    expect(bytesAreImage(Buffer.from('RIFF0000WAVE'), 'webp')).toBe(false);
    expect(bytesAreImage(Buffer.alloc(0), 'gif')).toBe(false);
  });
});
