import core from '../messages/core/esES';
import ra from '../ra/raEsES';

/**
 * What the first signed-in screen says in this language: react-admin's own words, the frame and
 * the live map (`messages/core/`). Both parts are complete (a unit test holds each to exactly
 * the English keys) and share no top-level key.
 */
export default { ...ra, ...core };
