import { ATTRIBUTES_MAX_LENGTH } from '../../model';
import { IllegalArgumentException } from '../errors';

/**
 * Length checks for records saved outside the entity definitions (users, the server settings),
 * with the entities' message (`entities/mapping.ts`): `Invalid <field>: longer than N characters`.
 */
export function checkTextLengths(
  record: Record<string, unknown>,
  limits: Record<string, number>,
): void {
  for (const [name, max] of Object.entries(limits)) {
    const value = record[name];
    if (typeof value === 'string' && value.length > max) {
      throw new IllegalArgumentException(`Invalid ${name}: longer than ${max} characters`);
    }
  }
  const { attributes } = record;
  if (attributes !== undefined && JSON.stringify(attributes).length > ATTRIBUTES_MAX_LENGTH) {
    throw new IllegalArgumentException(
      `Invalid attributes: longer than ${ATTRIBUTES_MAX_LENGTH} characters as JSON`,
    );
  }
}
