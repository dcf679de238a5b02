type Language = 'pt' | 'en' | 'es';

interface Message {
  subject: (brand: string) => string;
  body: (link: string, brand: string) => string;
}

// The brand the request reached names itself: a reseller's customers never see another name.
const MESSAGES: Record<Language, Message> = {
  pt: {
    subject: (brand) => `${brand}: redefinição de senha`,
    body: (link, brand) =>
      `Recebemos um pedido para redefinir a sua senha no aplicativo ${brand}.\n\nAbra este link em até 1 hora para escolher uma nova senha:\n${link}\n\nSe não foi você, ignore este e-mail.\n\n${brand}`,
  },
  en: {
    subject: (brand) => `${brand}: password reset`,
    body: (link, brand) =>
      `We received a request to reset your ${brand} password.\n\nOpen this link within 1 hour to choose a new password:\n${link}\n\nIf it was not you, ignore this email.\n\n${brand}`,
  },
  es: {
    subject: (brand) => `${brand}: restablecimiento de contraseña`,
    body: (link, brand) =>
      `Recibimos una solicitud para restablecer su contraseña de la aplicación ${brand}.\n\nAbra este enlace en 1 hora para elegir una nueva contraseña:\n${link}\n\nSi no fue usted, ignore este correo.\n\n${brand}`,
  },
};

/**
 * Subject and plain-text body in the user's language (`en-US`, `es`…; pt-BR otherwise), naming
 * the brand (its app name) the request came through.
 */
export function recoveryMessage(
  language: unknown,
  link: string,
  brand: string,
): { subject: string; text: string } {
  const prefix = typeof language === 'string' ? language.slice(0, 2).toLowerCase() : '';
  const message = MESSAGES[(prefix in MESSAGES ? prefix : 'pt') as Language];
  return { subject: message.subject(brand), text: message.body(link, brand) };
}
