import framePtBR from '../frame/ptBR';
import pwaPtBR from '../pwa/ptBR';
import signInPtBR, { signInErrorsPtBR } from '../signIn/ptBR';
import type { PublicMessages } from './enUS';

const publicPtBR: PublicMessages = {
  ...signInPtBR,
  ...framePtBR,
  ...pwaPtBR,
  login: {
    username: 'Usuário',
    password: 'Senha',
    remember: 'Lembrar-me',
    signIn: 'Entrar',
    lostPassword: 'Esqueceu a senha?',
    register: 'Criar uma conta',
    language: 'Idioma',
    driverTitle: 'Acesso do motorista',
  },
  register: {
    title: 'Criar conta',
    name: 'Nome',
    email: 'E-mail',
    password: 'Senha',
    submit: 'Cadastrar',
    success: 'Conta criada. Agora você pode entrar.',
    disabled: 'O cadastro não está disponível neste servidor.',
  },
  recover: {
    title: 'Recuperar senha',
    intro: 'Informe o e-mail da sua conta e enviaremos um link para definir uma nova senha.',
    email: 'E-mail',
    send: 'Enviar link',
    sent: 'Se existir uma conta com este e-mail, um link de recuperação foi enviado para ele.',
    setTitle: 'Definir nova senha',
    token: 'Código de recuperação',
    newPassword: 'Nova senha',
    confirmPassword: 'Confirme a senha',
    save: 'Salvar senha',
    done: 'Sua senha foi alterada. Agora você pode entrar.',
  },
  common: {
    backToLogin: 'Voltar para o login',
  },
  validation: {
    name: 'Digite um nome e sobrenome',
    email: 'Digite um nome de usuário válido',
    password: 'Digite uma senha de ao menos 8 caracteres',
    passwordMismatch: 'As senhas não coincidem',
  },
  maintenance: {
    title: 'Em manutenção',
    message: 'Não foi possível contatar o servidor. Tente novamente em instantes.',
    retry: 'Tentar novamente',
  },
  invoice: {
    trustUnlock: 'Desbloqueio de confiança',
    alreadyTrust:
      'O desbloqueio de confiança já foi usado. Quite as faturas em aberto ou entre em contato com o suporte.',
    title: 'Faturas em aberto',
    dueDate: 'Vencimento',
    value: 'Valor',
    statusLabel: 'Situação',
    statuses: {
      PENDING: 'Pendente',
      RECEIVED_IN_CASH: 'Recebida em dinheiro',
      RECEIVED: 'Recebida',
      CONFIRMED: 'Confirmada',
      OVERDUE: 'Vencida',
      REFUND_REQUESTED: 'Estorno solicitado',
      REFUND_IN_PROGRESS: 'Estorno em andamento',
      CHARGEBACK_REQUESTED: 'Chargeback solicitado',
      CHARGEBACK_DISPUTE: 'Em disputa de chargeback',
      AWAITING_CHARGEBACK_REVERSAL: 'Aguardando reversão de chargeback',
      DUNNING_REQUESTED: 'Negativação solicitada',
      DUNNING_RECEIVED: 'Negativação recebida',
      AWAITING_RISK_ANALYSIS: 'Aguardando análise de risco',
    },
  },
  errors: {
    ...signInErrorsPtBR,
    HTTP_401_UNAUTHORIZED: 'Combinação de usuário e senha inválida.',
    ACCOUNT_IS_DISABLED: 'Sua conta está desativada. Entre em contato com o administrador.',
    ACCOUNT_IS_SUSPENDED:
      'Sua conta está suspensa por falta de pagamento. Entre em contato com o suporte ou quite os débitos em aberto.',
    ACCOUNT_IS_SUSPENDED_TRUST:
      'Sua conta está suspensa por falta de pagamento. Um desbloqueio de confiança está disponível uma única vez: entre em contato com o suporte ou quite os débitos em aberto.',
    ACCOUNT_HAS_EXPIRED: 'Sua conta expirou. Entre em contato com o administrador.',
    ACCOUNT_BELONGS_TO_ANOTHER_DOMAIN:
      'Esta conta pertence a outro endereço de acesso. Entre pelo site do seu fornecedor.',
    SHARE_HAS_EXPIRED: 'Sua sessão expirou!',
    INVALID_SHARE: 'Link vencido ou inválido.',
    TOO_MANY_LOGIN_ATTEMPTS: 'Muitas tentativas de login. Aguarde um momento e tente novamente.',
    REGISTRATION_DISABLED: 'A criação de novos usuários está temporariamente bloqueada.',
    EMAIL_ALREADY_IN_USE: 'Este e-mail já está em uso.',
    INVALID_OR_EXPIRED_TOKEN: 'O código de recuperação é inválido ou expirou.',
    PASSWORD_TOO_SHORT: 'A senha é muito curta: use ao menos 8 caracteres.',
    PASSWORD_TOO_COMMON: 'Esta senha é muito comum. Escolha outra.',
    PASSWORD_MATCHES_THE_ACCOUNT: 'A senha não pode ser o seu e-mail nem o seu nome.',
    TOO_MANY_REQUESTS: 'Muitos pedidos deste endereço. Aguarde um pouco e tente novamente.',
    FILL_ALL_FIELDS: 'Por favor, preencha todos os campos.',
    INVALID_LOGIN_DATA: 'Parece que você digitou dados incorretos.',
    FILL_EMAIL_FIELD: 'Por favor, preencha o campo de e-mail.',
    FILL_TOKEN_FIELD: 'Por favor, preencha o campo do código de recuperação.',
    USER_NOT_AUTHED: 'Atualize a sua página',
    CROSS_SITE_REQUEST_REFUSED:
      'O servidor recusou o pedido porque esta página não foi aberta pelo endereço dele. Abra o aplicativo pelo endereço que o administrador informou; se foi esse o usado, o administrador deve verificar as configurações do proxy.',
    TEXT_HOLDS_A_NUL_CHARACTER: 'O texto contém um caractere que não pode ser gravado.',
    NUMBER_IS_NOT_FINITE: 'O número informado não é válido.',
    MAIL_IS_NOT_CONFIGURED:
      'Este servidor não envia e-mails: peça a um administrador que o configure.',
    ACCOUNT_HAS_NO_EMAIL_ADDRESS:
      'Sua conta não tem um endereço de e-mail para envio: informe um em Minha conta.',
    UNKNOWN: 'Ocorreu um erro inesperado.',
  },
  whatsapp: {
    label: 'Fale conosco pelo WhatsApp',
  },
};

export default publicPtBR;
