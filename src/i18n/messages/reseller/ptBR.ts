import type { ResellerMessages } from './enUS';

const resellerPtBR: ResellerMessages = {
  reseller: {
    title: 'Revenda',
    domain: 'Domínio',
    noDomain: 'Nenhum domínio definido',
    usage: 'Usuários: %{used} de %{limit}',
    unlimited: 'ilimitado',
    users: 'Seus usuários',
    empty: 'Nenhum usuário ainda',
    subReseller: 'Sub-revenda',
    create: 'Novo usuário',
    editBrand: 'Editar minha marca',
    created: 'Usuário criado',
    form: {
      name: 'Nome',
      email: 'E-mail',
      password: 'Senha',
      makeReseller: 'Sub-revenda',
      domain: 'Domínio da sub-revenda',
      limit: 'Limite de usuários da sub-revenda',
      save: 'Criar',
      cancel: 'Cancelar',
    },
    errors: {
      accessRequired: 'Somente revendas podem fazer isso.',
      adminOnlySettings: 'Somente um administrador pode alterar as configurações de revenda.',
      subLimitTooHigh: 'O limite da sub-revenda excede o seu limite restante de usuários.',
      userLimitReached: 'Você atingiu o limite de usuários da revenda.',
      domainInUse: 'Este domínio de revenda já está em uso.',
      mainDomain: 'Este é o domínio do próprio site principal: uma revenda não pode usá-lo.',
      invalidDomain: 'Domínio de revenda inválido.',
      invalidLimit: 'Limite de usuários da revenda inválido.',
    },
  },
};

export default resellerPtBR;
