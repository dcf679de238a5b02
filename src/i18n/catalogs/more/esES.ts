import app from '../../messages/esES';

/** The rest of what the signed-in app says in this language, loaded once the map works. */
export default app;
