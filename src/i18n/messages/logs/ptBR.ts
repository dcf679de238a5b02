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
      command: {
        send: 'Comando enviado',
      },
      device: {
        accumulators: 'Odômetro/horas do dispositivo alterados',
      },
      notification: {
        test: 'Teste de notificação',
      },
      permission: {
        link: 'Permissão vinculada',
        unlink: 'Permissão desvinculada',
      },
      server: {
        update: 'Configurações do servidor alteradas',
      },
      session: {
        login: 'Entrou',
        loginFailed: 'Falha ao entrar',
        impersonate: 'Entrou como outro usuário',
        impersonationEnd: 'Voltou à própria conta',
        logout: 'Saiu',
        token: 'Token de API gerado',
      },
    },
    /** Entity names, as the subject of an action and in "<entity> #<id>". */
    entities: {
      attribute: 'Atributo computado',
      calendar: 'Calendário',
      command: 'Comando salvo',
      device: 'Dispositivo',
      driver: 'Motorista',
      geofence: 'Cerca virtual',
      group: 'Grupo',
      maintenance: 'Manutenção',
      notification: 'Notificação',
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
      calendar: 'm',
      command: 'm',
      device: 'm',
      driver: 'm',
      geofence: 'f',
      group: 'm',
      maintenance: 'f',
      notification: 'f',
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
  },
};

export default logsPtBR;
