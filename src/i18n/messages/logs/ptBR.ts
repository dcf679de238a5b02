/** Audit logs; spread into the main catalogues. */
const logsPtBR = {
  logs: {
    title: 'Registros',
    titleFor: { users: 'Registros do usuário #%{id}', devices: 'Registros do dispositivo #%{id}' },
    button: 'Registros',
    search: 'Buscar (ação, usuário, objeto, valores)',
    total: '%{smart_count} registro |||| %{smart_count} registros',
    empty: 'Nenhum registro',
    changes: 'Alterações (antes → depois)',
    noChanges: 'Nenhum valor registrado',
    command: 'Comando',
    columns: {
      time: 'Data/hora',
      user: 'Usuário',
      ip: 'IP',
      action: 'Ação',
      object: 'Objeto',
      result: 'Resultado',
    },
    /** Actions with a wording of their own; the rest read "<entity> <action>" below. */
    codes: {
      attribute: {
        test: 'Atributo computado testado',
      },
      command: {
        send: 'Comando enviado',
      },
      device: {
        accumulators: 'Odômetro/horas do dispositivo alterados',
        connecting: 'Dispositivo tentando conectar descartado',
        image: 'Imagem do dispositivo enviada',
      },
      integration: {
        create: 'Integração configurada',
      },
      invoice: {
        lockUser: 'Usuário bloqueado por cobrança',
        unlockUser: 'Usuário desbloqueado da cobrança',
        save: 'Fatura salva',
        setAsReceivedCash: 'Fatura recebida em dinheiro',
        unlock: 'Desbloqueio em confiança',
        webhook: 'Aviso de pagamento recebido',
        manager: 'Fatura alterada pelo gestor',
      },
      notification: {
        send: 'Comunicado enviado',
        test: 'Teste de notificação',
      },
      'notification-template': {
        delete: 'Modelo de notificação restaurado',
      },
      password: {
        reset: 'Redefinição de senha pedida',
        update: 'Senha redefinida',
      },
      permission: {
        link: 'Permissão vinculada',
        unlink: 'Permissão desvinculada',
      },
      'qr-driver': {
        create: 'Veículo assumido por QR code',
      },
      server: {
        file: 'Arquivo do servidor enviado',
        update: 'Configurações do servidor alteradas',
      },
      session: {
        login: 'Entrou',
        loginFailed: 'Falha ao entrar',
        impersonate: 'Entrou como outro usuário',
        impersonationEnd: 'Voltou à própria conta',
        logout: 'Saiu',
        password: 'Recuperação de senha pedida',
        token: 'Token de API gerado',
        revoke: 'Token de API revogado',
      },
      share: {
        device: 'Link de compartilhamento de dispositivo criado',
        group: 'Link de compartilhamento de grupo criado',
        session: 'Link compartilhado aberto',
      },
      theme: {
        upload: 'Imagem do tema enviada',
      },
      user: {
        totp: 'Chave de verificação em duas etapas gerada',
      },
    },
    /** The same actions when the server refused them (the request changed nothing). */
    refusedCodes: {
      attribute: {
        test: 'Teste de atributo computado recusado',
      },
      command: {
        send: 'Envio de comando recusado',
      },
      device: {
        accumulators: 'Alteração de odômetro/horas recusada',
        connecting: 'Descarte de dispositivo tentando conectar recusado',
        image: 'Envio de imagem do dispositivo recusado',
      },
      integration: {
        create: 'Configuração de integração recusada',
      },
      invoice: {
        lockUser: 'Bloqueio de usuário por cobrança recusado',
        unlockUser: 'Desbloqueio de usuário recusado',
        save: 'Gravação de fatura recusada',
        setAsReceivedCash: 'Baixa de fatura em dinheiro recusada',
        unlock: 'Desbloqueio em confiança recusado',
        webhook: 'Aviso de pagamento recusado',
        manager: 'Alteração de fatura pelo gestor recusada',
      },
      notification: {
        send: 'Envio de comunicado recusado',
        test: 'Teste de notificação recusado',
      },
      'notification-template': {
        delete: 'Restauração de modelo de notificação recusada',
      },
      password: {
        reset: 'Pedido de redefinição de senha recusado',
        update: 'Redefinição de senha recusada',
      },
      permission: {
        link: 'Vínculo de permissão recusado',
        unlink: 'Desvínculo de permissão recusado',
      },
      'qr-driver': {
        create: 'Veículo por QR code recusado',
      },
      server: {
        file: 'Envio de arquivo do servidor recusado',
        update: 'Alteração das configurações do servidor recusada',
      },
      session: {
        login: 'Entrada recusada',
        loginFailed: 'Falha ao entrar',
        impersonate: 'Entrada como outro usuário recusada',
        impersonationEnd: 'Volta à própria conta recusada',
        logout: 'Saída recusada',
        password: 'Recuperação de senha recusada',
        token: 'Geração de token de API recusada',
        revoke: 'Revogação de token de API recusada',
      },
      share: {
        device: 'Criação de link de compartilhamento de dispositivo recusada',
        group: 'Criação de link de compartilhamento de grupo recusada',
        session: 'Abertura de link compartilhado recusada',
      },
      theme: {
        upload: 'Envio de imagem do tema recusado',
      },
      user: {
        totp: 'Geração de chave de verificação em duas etapas recusada',
      },
    },
    /** Entity names, as the subject of an action and in "<entity> #<id>". */
    entities: {
      attribute: 'Atributo computado',
      autolink: 'Vínculo automático',
      calendar: 'Calendário',
      command: 'Comando salvo',
      device: 'Dispositivo',
      driver: 'Motorista',
      geofence: 'Cerca virtual',
      group: 'Grupo',
      integration: 'Integração',
      invoice: 'Fatura',
      maintenance: 'Manutenção',
      notification: 'Notificação',
      'notification-template': 'Modelo de notificação',
      report: 'Relatório agendado',
      user: 'Usuário',
      server: 'Servidor',
      share: 'Compartilhamento',
      theme: 'Tema',
      permission: 'Permissão',
      position: 'Posição',
      event: 'Evento',
      order: 'Pedido',
    },
    /** Grammatical gender of each entity name (m, f), for the actions below. */
    genders: {
      attribute: 'm',
      autolink: 'm',
      calendar: 'm',
      command: 'm',
      device: 'm',
      driver: 'm',
      geofence: 'f',
      group: 'm',
      integration: 'f',
      invoice: 'f',
      maintenance: 'f',
      notification: 'f',
      'notification-template': 'm',
      report: 'm',
      user: 'm',
      server: 'm',
      share: 'm',
      theme: 'm',
      permission: 'f',
      position: 'f',
      event: 'm',
      order: 'm',
    },
    /** "<entity> created" by the entity's gender (m, f). */
    actions: {
      create: { m: '%{entity} criado', f: '%{entity} criada' },
      delete: { m: '%{entity} excluído', f: '%{entity} excluída' },
      update: { m: '%{entity} alterado', f: '%{entity} alterada' },
    },
    /** A refused create, update or delete: what was tried, and that it was refused. */
    refusedActions: {
      create: 'Criação de %{entityLower} recusada',
      update: 'Alteração de %{entityLower} recusada',
      delete: 'Exclusão de %{entityLower} recusada',
    },
    /** The result column: whether the request did what it asked, and its HTTP status. */
    results: {
      ok: 'Concluído',
      refused: 'Recusado',
    },
  },
};

export default logsPtBR;
