/** What `sendJsonText` needs of a reply, whatever the route's typed schema. */
interface TextReply<R> {
  type(contentType: string): { send(payload: never): R };
}

/**
 * Sends JSON already written as text (a list the database or a store of prepared texts wrote),
 * as is. A Buffer skips the response serialiser, which a reply typed by the route's schema cannot
 * express: hence the one cast, here.
 */
export const sendJsonText = <R>(reply: TextReply<R>, body: Buffer): R =>
  reply.type('application/json; charset=utf-8').send(body as never);
