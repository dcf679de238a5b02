import englishMessages from 'ra-language-english';
import app from '../messages/enUS';

/** What the signed-in app says in English (the pages without a session: `messages/public/`). */
export default { ...englishMessages, ...app };
