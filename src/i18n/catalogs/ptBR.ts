import app from '../messages/ptBR';
import ra from '../ra/raPtBR';

/**
 * What the signed-in app says in this language (the pages without a session are in
 * `messages/public/`), loaded on its own when the app starts in it or switches to it.
 * react-admin's part and the app's share no top-level key, and both are complete: a unit test
 * holds each to exactly the English keys, so nothing needs English underneath.
 */
export default { ...ra, ...app };
