import type { AppLocale } from '../i18n/locales';
import frameEnUS from '../i18n/messages/frame/enUS';
import frameEsES from '../i18n/messages/frame/esES';
import framePtBR from '../i18n/messages/frame/ptBR';

/**
 * The few words shown before any catalogue has arrived (a progress bar's label, "could not
 * load"), in every language, in the first script.
 */
export const frameMessages = (locale: AppLocale) =>
  ({ 'pt-BR': framePtBR, 'es-ES': frameEsES, 'en-US': frameEnUS })[locale].app;
