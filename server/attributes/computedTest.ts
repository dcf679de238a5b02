import type { ComputedAttribute } from '../../model';
import type { Ctx } from '../access/context';
import { IllegalArgumentException, SecurityException, notFound } from '../errors';
import {
  buildScope,
  castResult,
  compileExpression,
  ExpressionError,
} from '../processing/expression';
import { positionFromRow } from '../serialize';
import { DENIED } from '../permissions/checkAccess';

/**
 * `POST /api/attributes/computed/test?deviceId=`: evaluates the body's expression against the
 * device's latest position (admin-only). Null means 204; a bad expression is a 400 with the
 * evaluator's message.
 */
export async function testComputedAttribute(
  ctx: Ctx,
  deviceId: number,
  attribute: Pick<ComputedAttribute, 'expression' | 'type'>,
): Promise<string | number | boolean | null> {
  if (!ctx.actor.admin) throw new SecurityException(DENIED.admin);
  const row = await ctx.db.kysely
    .selectFrom('devices')
    .leftJoin('positions', 'positions.id', 'devices.positionId')
    .selectAll('positions')
    .select('devices.id as device')
    .where('devices.id', '=', deviceId)
    .executeTakeFirst();
  if (!row) throw notFound();
  if (row.id === null) throw new IllegalArgumentException('Device has no position');
  const position = positionFromRow(row as Parameters<typeof positionFromRow>[0]);
  try {
    const value = compileExpression(attribute.expression).evaluate(
      buildScope({ ...position, attributes: position.attributes }),
    );
    return castResult(value, attribute.type);
  } catch (error) {
    if (error instanceof ExpressionError) throw new IllegalArgumentException(error.message);
    throw error;
  }
}
