import englishMessages from 'ra-language-english';
import { mergeTranslations } from 'react-admin';
import app from '../messages/ptBR';
import ra from '../ra/raPtBR';

/**
 * What the signed-in app says in this language (the pages without a session are in
 * `messages/public/`), loaded on its own when the app starts in it or switches to it.
 * react-admin's English is underneath for any key its translation lacks; the app's own keys are
 * all there (the messages are typed as the English ones).
 */
export default mergeTranslations(englishMessages, ra, app);
