import {
  buildScope,
  castResult,
  compileExpression,
  type CompiledExpression,
  type ScopePosition,
} from './expression';
import type { PositionRecord } from './types';

/**
 * Computed attributes on a position (as Traccar's ComputedAttributesHandler does them): each
 * expression is compiled once when loaded, then run against the position in priority order.
 */

export interface CompiledAttribute {
  id: number;
  attribute: string;
  type: string;
  priority: number;
  expression: CompiledExpression;
}

export interface AttributeRow {
  id: number;
  attribute: string;
  expression: string;
  type: string;
  priority: number;
}

/** Null when the expression does not parse: such an attribute is skipped, not fatal. */
export function compileAttribute(row: AttributeRow): CompiledAttribute | null {
  try {
    return {
      id: row.id,
      attribute: row.attribute,
      type: row.type,
      priority: row.priority,
      expression: compileExpression(row.expression),
    };
  } catch {
    return null;
  }
}

/** Higher priority first; ties by id so the order is stable. */
export function sortByPriority(attributes: CompiledAttribute[]): CompiledAttribute[] {
  return [...attributes].sort((a, b) => b.priority - a.priority || a.id - b.id);
}

/** Targets that set the position's own fields rather than an attribute. */
const FIELDS = new Set([
  'valid',
  'latitude',
  'longitude',
  'altitude',
  'speed',
  'course',
  'address',
  'accuracy',
]);

const FORBIDDEN = new Set(['__proto__', 'constructor', 'prototype']);

export interface ComputeExtras {
  last?: PositionRecord | null;
  deviceAttributes?: Record<string, unknown>;
  onError?: (attribute: CompiledAttribute, error: unknown) => void;
}

function scopeOf(position: PositionRecord): ScopePosition {
  // Every wire field a Traccar expression may name; times as epoch ms.
  return { ...position, attributes: position.attributes };
}

function setField(position: PositionRecord, field: string, value: unknown): void {
  switch (field) {
    case 'valid':
      if (typeof value === 'boolean') position.valid = value;
      return;
    case 'address':
      if (typeof value === 'string') position.address = value;
      return;
    case 'latitude':
    case 'longitude':
    case 'altitude':
    case 'speed':
    case 'course':
    case 'accuracy':
      if (typeof value === 'number' && Number.isFinite(value)) position[field] = value;
  }
}

/** Runs the attributes (already filtered to one phase and sorted) against the position, in place. */
export function applyComputedAttributes(
  position: PositionRecord,
  attributes: readonly CompiledAttribute[],
  extras: ComputeExtras = {},
): void {
  for (const attribute of attributes) {
    let value: string | number | boolean | null;
    try {
      const scope = buildScope(scopeOf(position), {
        last: extras.last ? scopeOf(extras.last) : undefined,
        deviceAttributes: extras.deviceAttributes,
      });
      value = castResult(attribute.expression.evaluate(scope), attribute.type);
    } catch (error) {
      extras.onError?.(attribute, error);
      continue;
    }
    if (FORBIDDEN.has(attribute.attribute)) continue;
    if (FIELDS.has(attribute.attribute)) {
      if (value !== null) setField(position, attribute.attribute, value);
    } else if (value === null) {
      delete position.attributes[attribute.attribute];
    } else {
      position.attributes[attribute.attribute] = value;
    }
  }
}
