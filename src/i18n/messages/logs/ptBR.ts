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
    codes: {
      attribute: {
        create: 'Atributo computado criado',
        delete: 'Atributo computado excluído',
        update: 'Atributo computado alterado',
      },
      calendar: {
        create: 'Calendário criado',
        delete: 'Calendário excluído',
        update: 'Calendário alterado',
      },
      command: {
        create: 'Comando salvo criado',
        delete: 'Comando salvo excluído',
        send: 'Comando enviado',
        update: 'Comando salvo alterado',
      },
      device: {
        accumulators: 'Odômetro/horas do dispositivo alterados',
        create: 'Dispositivo criado',
        delete: 'Dispositivo excluído',
        update: 'Dispositivo alterado',
      },
      driver: {
        create: 'Motorista criado',
        delete: 'Motorista excluído',
        update: 'Motorista alterado',
      },
      geofence: {
        create: 'Cerca virtual criado',
        delete: 'Cerca virtual excluído',
        update: 'Cerca virtual alterado',
      },
      group: {
        create: 'Grupo criado',
        delete: 'Grupo excluído',
        update: 'Grupo alterado',
      },
      maintenance: {
        create: 'Manutenção criado',
        delete: 'Manutenção excluído',
        update: 'Manutenção alterado',
      },
      notification: {
        create: 'Notificação criado',
        delete: 'Notificação excluído',
        test: 'Teste de notificação',
        update: 'Notificação alterado',
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
        logout: 'Saiu',
        token: 'Token de API gerado',
      },
      user: {
        create: 'Usuário criado',
        delete: 'Usuário excluído',
        update: 'Usuário alterado',
      },
    },
  },
};

export default logsPtBR;
