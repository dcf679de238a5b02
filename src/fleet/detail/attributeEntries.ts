import type { Position } from '../../../model/position';

const POSITION_FIELDS = [
  'fixTime',
  'deviceTime',
  'serverTime',
  'latitude',
  'longitude',
  'altitude',
  'speed',
  'course',
  'accuracy',
  'valid',
  'protocol',
  'address',
] as const;

/** Every shown position field and attribute as [key, value], fields first. */
export const attributeEntries = (position: Position | undefined): [string, unknown][] => {
  if (!position) return [];
  const fields = POSITION_FIELDS.map((key) => [key, position[key]] as [string, unknown]);
  return [...fields, ...Object.entries(position.attributes ?? {})];
};

export const valueOf = (position: Position | undefined, key: string): unknown => {
  if (!position) return undefined;
  if (key in position && key !== 'attributes')
    return (position as unknown as Record<string, unknown>)[key];
  return position.attributes?.[key];
};
