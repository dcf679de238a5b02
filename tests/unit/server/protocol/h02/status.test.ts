import { describe, expect, it } from 'vitest';
import { decodeText, only } from './decoding';

describe('h02 status word', () => {
  const status = (word: string) =>
    only(decodeText(`*HQ,4210051415,V1,164549,A,0956.3869,N,08406.7068,W,0.00,0,221215,${word}#`))
      .attributes;

  it('maps the alarm bits to one alarm, in the order Traccar reads them', () => {
    expect(status('FFFFFFFE').alarm).toBe('vibration');
    expect(status('FFFFFFFD').alarm).toBe('sos');
    expect(status('FFFBFFFF').alarm).toBe('sos');
    expect(status('FFFFFFFB').alarm).toBe('overspeed');
    expect(status('FFF7FFFF').alarm).toBe('powerCut');
    // Theft and robbery together: the first one wins.
    expect(status('FFFFFFFC').alarm).toBe('vibration');
    expect(status('FFFFFFFF').alarm).toBeUndefined();
  });

  it('reads ignition (set bit), the cut-off relay and the door (clear bits)', () => {
    expect(status('FFFFFFFF')).toMatchObject({ ignition: true, blocked: false, door: false });
    expect(status('FFFFFBFF').ignition).toBe(false);
    expect(status('F7FFFBFF')).toMatchObject({ blocked: true, status: 0xf7fffbff });
    expect(status('FFFFFEFF').door).toBe(true);
  });
});
