type Language = 'pt' | 'en' | 'es';

const MESSAGES: Record<Language, { subject: string; body: (link: string) => string }> = {
  pt: {
    subject: 'Redefinição de senha',
    body: (link) =>
      `Recebemos um pedido para redefinir a sua senha.\n\nAbra este link em até 1 hora para escolher uma nova senha:\n${link}\n\nSe não foi você, ignore este e-mail.`,
  },
  en: {
    subject: 'Password reset',
    body: (link) =>
      `We received a request to reset your password.\n\nOpen this link within 1 hour to choose a new password:\n${link}\n\nIf it was not you, ignore this email.`,
  },
  es: {
    subject: 'Restablecimiento de contraseña',
    body: (link) =>
      `Recibimos una solicitud para restablecer su contraseña.\n\nAbra este enlace en 1 hora para elegir una nueva contraseña:\n${link}\n\nSi no fue usted, ignore este correo.`,
  },
};

/** Subject and plain-text body in the user's language (`en-US`, `es`…); pt-BR otherwise. */
export function recoveryMessage(
  language: unknown,
  link: string,
): { subject: string; text: string } {
  const prefix = typeof language === 'string' ? language.slice(0, 2).toLowerCase() : '';
  const message = MESSAGES[(prefix in MESSAGES ? prefix : 'pt') as Language];
  return { subject: message.subject, text: message.body(link) };
}
