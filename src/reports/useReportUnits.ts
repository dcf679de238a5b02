import { useFormatPrefs } from '../i18n/useFormatPrefs';
import type { Units } from './format';

/** The signed-in user's units and time zone (then the server's) and the interface locale. */
export const useReportUnits = (): Units => useFormatPrefs();
