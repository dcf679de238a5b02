export const ATTRIBUTE_TYPES = ['string', 'number', 'boolean'] as const;
export type AttributeType = (typeof ATTRIBUTE_TYPES)[number];

/** A computed attribute (`/api/attributes/computed`). It has no `attributes` map. */
export interface ComputedAttribute {
  id: number;
  description: string;
  /** Target key in `Position.attributes`, or a position field such as `speed`. */
  attribute: string;
  expression: string;
  type: AttributeType;
  /** Below 0 runs before the built-in handlers; within a phase, higher runs first. */
  priority: number;
}
