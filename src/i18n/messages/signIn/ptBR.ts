import type { SignInErrors, SignInMessages } from './types';

/** Verificação em duas etapas, entrar como outro usuário e redefinição de senha. */
const signInPtBR: SignInMessages = {
  signIn: {
    code: {
      label: 'Código de verificação',
      prompt: 'Digite o código de 6 dígitos mostrado no seu aplicativo autenticador.',
      back: 'Usar outra conta',
    },
    twoFactor: {
      title: 'Verificação em duas etapas',
      intro:
        'Além da senha, para entrar será pedido um código de um aplicativo autenticador no seu celular (Google Authenticator, Microsoft Authenticator, Authy, …).',
      on: 'A verificação em duas etapas está ativada.',
      off: 'A verificação em duas etapas está desativada.',
      enable: 'Ativar',
      disable: 'Desativar',
      scan: 'Leia este QR code com o seu aplicativo autenticador ou digite a chave abaixo.',
      qrAlt: 'QR code para adicionar esta conta a um aplicativo autenticador',
      key: 'Chave de configuração',
      copy: 'Copiar chave',
      copied: 'Chave copiada',
      confirmCode: 'Código mostrado no aplicativo',
      confirmHelp:
        'Digite o código atual para confirmar que o aplicativo está configurado. Só então ele é salvo.',
      confirm: 'Confirmar e ativar',
      cancel: 'Cancelar',
      wrongCode:
        'Este código não confere. Verifique se o relógio do celular está certo e tente novamente.',
      enabled: 'Verificação em duas etapas ativada',
      disabled: 'Verificação em duas etapas desativada',
      disableTitle: 'Desativar a verificação em duas etapas?',
      disableText: 'Para entrar, será pedida apenas a sua senha.',
      forced: 'Este servidor exige a verificação em duas etapas. Ative-a para continuar.',
      impersonating: 'A verificação em duas etapas é gerenciada pelo próprio usuário.',
      failed: 'Não foi possível salvar: %{error}',
    },
    impersonation: {
      loginAs: 'Entrar como',
      loginAsUser: 'Entrar como %{name}',
      banner: 'Conectado como %{name}',
      back: 'Voltar para %{name}',
      failed: 'Não foi possível entrar como este usuário: %{error}',
      backFailed: 'Não foi possível voltar à sua conta: %{error}',
    },
    server: {
      section: 'Segurança',
      totpEnable: 'Permitir verificação em duas etapas',
      totpForce: 'Exigir verificação em duas etapas',
      totpForceHelp: 'Quem não a tiver será levado a ativá-la depois de entrar.',
    },
  },
};

export const signInErrorsPtBR: SignInErrors = {
  USER_AUTHORIZATION_FAILED: 'Código de verificação inválido.',
  ONE_TIME_PASSWORD_KEY_IS_REQUIRED: 'Este servidor exige a verificação em duas etapas.',
  INVALID_ONE_TIME_PASSWORD_KEY: 'Chave de verificação em duas etapas inválida.',
  ONE_TIME_PASSWORD_IS_DISABLED: 'A verificação em duas etapas não está habilitada neste servidor.',
  USER_ACCESS_DENIED: 'Você não tem acesso a este usuário.',
  NOT_SIGNED_IN_AS_ANOTHER_USER: 'Você não está conectado como outro usuário.',
};

export default signInPtBR;
