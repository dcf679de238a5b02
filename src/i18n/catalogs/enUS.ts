import englishMessages from 'ra-language-english';
import core from '../messages/core/enUS';

/** What the first signed-in screen says in English: react-admin's words, the frame, the map. */
export default { ...englishMessages, ...core };
