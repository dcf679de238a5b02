import frameEsES from '../frame/esES';
import pwaEsES from '../pwa/esES';
import signInEsES, { signInErrorsEsES } from '../signIn/esES';
import type { PublicMessages } from './enUS';

const publicEsES: PublicMessages = {
  ...signInEsES,
  ...frameEsES,
  ...pwaEsES,
  login: {
    username: 'Usuario',
    password: 'Contraseña',
    remember: 'Recordarme',
    signIn: 'Ingresar',
    lostPassword: '¿Olvidó su contraseña?',
    register: 'Crear una cuenta',
    language: 'Idioma',
    driverTitle: 'Acceso del conductor',
  },
  register: {
    title: 'Crear cuenta',
    name: 'Nombre',
    email: 'Correo electrónico',
    password: 'Contraseña',
    submit: 'Registrarse',
    success: 'Cuenta creada. Ahora puede ingresar.',
    disabled: 'El registro no está disponible en este servidor.',
  },
  recover: {
    title: 'Recuperar contraseña',
    intro:
      'Ingrese el correo de su cuenta y le enviaremos un enlace para definir una nueva contraseña.',
    email: 'Correo electrónico',
    send: 'Enviar enlace',
    sent: 'Si existe una cuenta con este correo, se le ha enviado un enlace de recuperación.',
    setTitle: 'Definir nueva contraseña',
    token: 'Código de recuperación',
    newPassword: 'Nueva contraseña',
    confirmPassword: 'Confirme la contraseña',
    save: 'Guardar contraseña',
    done: 'Su contraseña ha sido cambiada. Ahora puede ingresar.',
  },
  common: {
    backToLogin: 'Volver al inicio de sesión',
  },
  validation: {
    name: 'Ingrese nombre y apellido',
    email: 'Ingrese un nombre de usuario válido',
    password: 'Ingrese una contraseña de al menos 8 caracteres',
    passwordMismatch: 'Las contraseñas no coinciden',
  },
  maintenance: {
    title: 'En mantenimiento',
    message: 'No fue posible contactar al servidor. Intente nuevamente en unos instantes.',
    retry: 'Reintentar',
  },
  invoice: {
    trustUnlock: 'Desbloqueo de confianza',
    alreadyTrust:
      'El desbloqueo de confianza ya fue usado. Pague las facturas pendientes o contacte con soporte.',
    title: 'Facturas pendientes',
    dueDate: 'Vencimiento',
    value: 'Valor',
    statusLabel: 'Estado',
    statuses: {
      PENDING: 'Pendiente',
      RECEIVED_IN_CASH: 'Recibida en efectivo',
      RECEIVED: 'Recibida',
      CONFIRMED: 'Confirmada',
      OVERDUE: 'Vencida',
      REFUND_REQUESTED: 'Reembolso solicitado',
      REFUND_IN_PROGRESS: 'Reembolso en curso',
      CHARGEBACK_REQUESTED: 'Contracargo solicitado',
      CHARGEBACK_DISPUTE: 'Contracargo en disputa',
      AWAITING_CHARGEBACK_REVERSAL: 'Esperando reversión del contracargo',
      DUNNING_REQUESTED: 'Cobranza solicitada',
      DUNNING_RECEIVED: 'Cobranza recibida',
      AWAITING_RISK_ANALYSIS: 'Esperando análisis de riesgo',
    },
  },
  errors: {
    ...signInErrorsEsES,
    HTTP_401_UNAUTHORIZED: 'Combinación de usuario y contraseña inválida.',
    ACCOUNT_IS_DISABLED: 'Su cuenta está desactivada. Póngase en contacto con el administrador.',
    ACCOUNT_IS_SUSPENDED:
      'Su cuenta está suspendida por falta de pago. Póngase en contacto con el soporte o salde sus deudas pendientes.',
    ACCOUNT_IS_SUSPENDED_TRUST:
      'Su cuenta está suspendida por falta de pago. Hay un desbloqueo de confianza disponible una sola vez: póngase en contacto con el soporte o salde sus deudas pendientes.',
    ACCOUNT_HAS_EXPIRED: 'Su cuenta ha expirado. Póngase en contacto con el administrador.',
    ACCOUNT_BELONGS_TO_ANOTHER_DOMAIN:
      'Esta cuenta pertenece a otra dirección de acceso. Inicie sesión en el sitio de su proveedor.',
    SHARE_HAS_EXPIRED: '¡Su sesión ha expirado!',
    INVALID_SHARE: 'Enlace vencido o no válido.',
    TOO_MANY_LOGIN_ATTEMPTS:
      'Demasiados intentos de inicio de sesión. Espere un momento e intente nuevamente.',
    REGISTRATION_DISABLED: 'La creación de nuevos usuarios está bloqueada temporalmente.',
    EMAIL_ALREADY_IN_USE: 'Este correo electrónico ya está en uso.',
    INVALID_OR_EXPIRED_TOKEN: 'El código de recuperación es inválido o ha expirado.',
    PASSWORD_TOO_SHORT: 'La contraseña es demasiado corta: use al menos 8 caracteres.',
    PASSWORD_TOO_COMMON: 'Esta contraseña es demasiado común. Elija otra.',
    PASSWORD_MATCHES_THE_ACCOUNT: 'La contraseña no puede ser su correo ni su nombre.',
    TOO_MANY_REQUESTS:
      'Demasiadas solicitudes desde esta dirección. Espere un poco e inténtelo de nuevo.',
    FILL_ALL_FIELDS: 'Por favor, complete todos los campos.',
    INVALID_LOGIN_DATA: 'Parece que ingresó datos incorrectos.',
    FILL_EMAIL_FIELD: 'Por favor, complete el campo de correo electrónico.',
    FILL_TOKEN_FIELD: 'Por favor, complete el campo del código de recuperación.',
    USER_NOT_AUTHED: 'Actualice su página',
    CROSS_SITE_REQUEST_REFUSED:
      'El servidor rechazó la solicitud porque esta página no se abrió en su dirección. Abra la aplicación en la dirección que le indicó el administrador; si es la que usó, el administrador debe revisar la configuración del proxy.',
    TEXT_HOLDS_A_NUL_CHARACTER: 'El texto contiene un carácter que no se puede guardar.',
    NUMBER_IS_NOT_FINITE: 'El número indicado no es válido.',
    MAIL_IS_NOT_CONFIGURED:
      'Este servidor no puede enviar correos: pida a un administrador que lo configure.',
    ACCOUNT_HAS_NO_EMAIL_ADDRESS:
      'Su cuenta no tiene una dirección de correo a la que enviar: agréguela en Mi cuenta.',
    UNKNOWN: 'Ocurrió un error inesperado.',
  },
  whatsapp: {
    label: 'Hable con nosotros por WhatsApp',
  },
};

export default publicEsES;
