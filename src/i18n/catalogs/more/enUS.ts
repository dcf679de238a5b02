import app from '../../messages/enUS';

/** The rest of what the signed-in app says in English, loaded once the map works. */
export default app;
