import { deviceProtocol } from '../protocol';
import { createRng, hashSeed, integer, pick, uniform, weighted, type Rng } from './random';

/** Device categories the demo fleet uses (map icon presets, `model/category.ts`). */
export type DemoCategory = 'car' | 'pickup' | 'van' | 'truck' | 'motorcycle' | 'bus';

/** How a kind of vehicle moves and what its electrics read. */
export interface VehicleProfile {
  category: DemoCategory;
  /** Top speed it will drive at, km/h. */
  maxKmh: number;
  /** Typical acceleration and comfortable braking, m/s². */
  accel: number;
  decel: number;
  /** Nominal battery voltage (12 V cars, 24 V heavy vehicles). */
  volts: 12 | 24;
  /** Prefers expressways and radials. */
  arterial: boolean;
  models: readonly string[];
}

export const PROFILES: Readonly<Record<DemoCategory, VehicleProfile>> = {
  car: {
    category: 'car',
    maxKmh: 100,
    accel: 2.2,
    decel: 3,
    volts: 12,
    arterial: false,
    models: [
      'VW Gol',
      'Chevrolet Onix',
      'Hyundai HB20',
      'Fiat Argo',
      'Toyota Corolla',
      'Renault Kwid',
    ],
  },
  pickup: {
    category: 'pickup',
    maxKmh: 95,
    accel: 1.8,
    decel: 2.8,
    volts: 12,
    arterial: false,
    models: ['Fiat Strada', 'VW Saveiro', 'Toyota Hilux', 'Chevrolet S10', 'Fiat Toro'],
  },
  van: {
    category: 'van',
    maxKmh: 90,
    accel: 1.5,
    decel: 2.5,
    volts: 12,
    arterial: false,
    models: [
      'Fiat Fiorino',
      'Mercedes Sprinter',
      'Renault Master',
      'Fiat Ducato',
      'Peugeot Expert',
    ],
  },
  truck: {
    category: 'truck',
    maxKmh: 80,
    accel: 0.8,
    decel: 1.8,
    volts: 24,
    arterial: true,
    models: [
      'VW Delivery 11.180',
      'Mercedes Accelo 1016',
      'Volvo FH 540',
      'Scania R450',
      'Ford Cargo 2429',
    ],
  },
  motorcycle: {
    category: 'motorcycle',
    maxKmh: 90,
    accel: 2.8,
    decel: 3.5,
    volts: 12,
    arterial: false,
    models: ['Honda CG 160', 'Honda Biz 125', 'Yamaha Fazer 250', 'Honda XRE 300'],
  },
  bus: {
    category: 'bus',
    maxKmh: 70,
    accel: 0.9,
    decel: 1.6,
    volts: 24,
    arterial: false,
    models: ['Mercedes OF-1721', 'Volvo B270F', 'Marcopolo Torino', 'Caio Apache Vip'],
  },
};

const CATEGORY_WEIGHTS: Readonly<Record<DemoCategory, number>> = {
  car: 30,
  pickup: 15,
  van: 15,
  truck: 15,
  motorcycle: 15,
  bus: 10,
};

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const letter = (rng: Rng) => pick(rng, LETTERS.split(''));
const digit = (rng: Rng) => String(integer(rng, 0, 9));

/**
 * A Brazilian plate: Mercosul `ABC1D23` for most, or the older `ABC-1234` with a São Paulo
 * series (B, C, D, E, F, G first letters).
 */
function plate(rng: Rng): string {
  if (rng.next() < 0.65) {
    return (
      letter(rng) + letter(rng) + letter(rng) + digit(rng) + letter(rng) + digit(rng) + digit(rng)
    );
  }
  const first = pick(rng, ['B', 'C', 'D', 'E', 'F', 'G']);
  return `${first}${letter(rng)}${letter(rng)}-${digit(rng)}${digit(rng)}${digit(rng)}${digit(rng)}`;
}

/** Tarkan's icon tint `"hue|saturation|brightness"`: degrees, and two factors around 1. */
function tint(rng: Rng): string {
  const hue = integer(rng, 0, 359);
  const saturation = uniform(rng, 0.5, 1.6).toFixed(2);
  const brightness = uniform(rng, 0.7, 1.3).toFixed(2);
  return `${hue}|${saturation}|${brightness}`;
}

export const DEMO_ATTRIBUTE = 'frota.demo';
/** The protocol a demo vehicle's tracker speaks (absent: a phone with Traccar Client, OsmAnd). */
export const DEMO_PROTOCOL_ATTRIBUTE = 'frota.demoProtocol';

/**
 * The protocols demo vehicles take in turn: a phone, then each family of hardware tracker, so a
 * fresh installation shows every kind of device a fleet runs.
 */
const DEMO_PROTOCOLS = [
  'osmand',
  'gt06',
  'teltonika',
  'h02',
  'gps103',
  'suntech',
  'gl200',
  'jt808',
  'tk103',
] as const;

/** The protocol of the `index`-th demo vehicle, among those whose port is open (`available`). */
export function demoProtocolFor(index: number, available: ReadonlySet<string>): string {
  const protocols = DEMO_PROTOCOLS.filter((name) => name === 'osmand' || available.has(name));
  return protocols[index % protocols.length];
}

interface DemoIdentity {
  uniqueId: string;
  name: string;
  category: DemoCategory;
  model: string;
  attributes: Record<string, unknown>;
}

/** `demo-0001`, `demo-0002`, … (at least four digits; more past 9999). */
function demoUniqueId(index: number, prefix = 'demo-'): string {
  return prefix + String(index + 1).padStart(4, '0');
}

/**
 * The `index`-th demo vehicle: always the same name, category, plate and colour for the same
 * index and prefix, so restarts and the CLI agree on who is who. A tracker's vehicle is stored
 * under an identifier of its protocol's form (an IMEI, …) and says which protocol it speaks.
 */
export function demoIdentity(index: number, prefix = 'demo-', protocol = 'osmand'): DemoIdentity {
  const tracker = deviceProtocol(protocol);
  const uniqueId = tracker ? tracker.device.uniqueId(index + 1) : demoUniqueId(index, prefix);
  const rng = createRng(hashSeed(uniqueId));
  const category = weighted(rng, CATEGORY_WEIGHTS);
  const model = pick(rng, PROFILES[category].models);
  return {
    uniqueId,
    name: `${model} ${String(index + 1).padStart(2, '0')}`,
    category,
    model,
    attributes: {
      placa: plate(rng),
      'tarkan.color': tint(rng),
      [DEMO_ATTRIBUTE]: true,
      ...(tracker ? { [DEMO_PROTOCOL_ATTRIBUTE]: tracker.name } : {}),
    },
  };
}

export function profileFor(category: string | null | undefined): VehicleProfile {
  return PROFILES[(category ?? '') as DemoCategory] ?? PROFILES.car;
}
