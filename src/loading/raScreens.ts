/**
 * react-admin's own screens that most visits never show, in a chunk of their own (imported
 * dynamically through this module, never through the `react-admin` barrel, which would pull all
 * of react-admin into the first script).
 */
export { AccessDenied, AuthenticationError, Error, Notification } from 'react-admin';
