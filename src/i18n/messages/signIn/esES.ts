import type { SignInErrors, SignInMessages } from './types';

/** Verificación en dos pasos, iniciar sesión como otro usuario y restablecer la contraseña. */
const signInEsES: SignInMessages = {
  signIn: {
    code: {
      label: 'Código de verificación',
      prompt: 'Introduzca el código de 6 dígitos que muestra su aplicación de autenticación.',
      back: 'Usar otra cuenta',
    },
    twoFactor: {
      title: 'Verificación en dos pasos',
      intro:
        'Además de la contraseña, para entrar se pedirá un código de una aplicación de autenticación en su móvil (Google Authenticator, Microsoft Authenticator, Authy, …).',
      on: 'La verificación en dos pasos está activada.',
      off: 'La verificación en dos pasos está desactivada.',
      enable: 'Activar',
      disable: 'Desactivar',
      scan: 'Escanee este código QR con su aplicación de autenticación o escriba la clave de abajo.',
      qrAlt: 'Código QR para añadir esta cuenta a una aplicación de autenticación',
      key: 'Clave de configuración',
      copy: 'Copiar clave',
      copied: 'Clave copiada',
      confirmCode: 'Código que muestra la aplicación',
      confirmHelp:
        'Escriba el código actual para confirmar que la aplicación está configurada. Solo entonces se guarda.',
      confirm: 'Confirmar y activar',
      cancel: 'Cancelar',
      wrongCode:
        'Este código no coincide. Compruebe que la hora del móvil es correcta e inténtelo de nuevo.',
      enabled: 'Verificación en dos pasos activada',
      disabled: 'Verificación en dos pasos desactivada',
      disableTitle: '¿Desactivar la verificación en dos pasos?',
      disableText: 'Para entrar solo se pedirá su contraseña.',
      forced: 'Este servidor exige la verificación en dos pasos. Actívela para continuar.',
      impersonating: 'La verificación en dos pasos la gestiona el propio usuario.',
      failed: 'No se pudo guardar: %{error}',
    },
    impersonation: {
      loginAs: 'Entrar como',
      loginAsUser: 'Entrar como %{name}',
      banner: 'Conectado como %{name}',
      back: 'Volver a %{name}',
      failed: 'No se pudo entrar como este usuario: %{error}',
      backFailed: 'No se pudo volver a su cuenta: %{error}',
    },
    server: {
      section: 'Seguridad',
      totpEnable: 'Permitir la verificación en dos pasos',
      totpForce: 'Exigir la verificación en dos pasos',
      totpForceHelp: 'Quien no la tenga deberá activarla después de entrar.',
    },
  },
};

export const signInErrorsEsES: SignInErrors = {
  USER_AUTHORIZATION_FAILED: 'Código de verificación no válido.',
  ONE_TIME_PASSWORD_KEY_IS_REQUIRED: 'Este servidor exige la verificación en dos pasos.',
  INVALID_ONE_TIME_PASSWORD_KEY: 'Clave de verificación en dos pasos no válida.',
  ONE_TIME_PASSWORD_IS_DISABLED:
    'La verificación en dos pasos no está habilitada en este servidor.',
  USER_ACCESS_DENIED: 'No tiene acceso a este usuario.',
  NOT_SIGNED_IN_AS_ANOTHER_USER: 'No ha iniciado sesión como otro usuario.',
};

export default signInEsES;
