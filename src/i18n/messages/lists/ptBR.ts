import type listsEnUS from './enUS';

/** As listas de gestão: a tabela, as ações nas linhas selecionadas, a exclusão. */
const listsPtBR: typeof listsEnUS = {
  lists: {
    region: 'Tabela de %{name}',
    selectRow: 'Selecionar %{name}',
    bulk: {
      selectAll: 'Selecionar os %{smart_count}',
      toolbar: 'Ações nas linhas selecionadas',
      apply: 'Aplicar',
      link: 'Vincular',
      unlink: 'Desvincular',
      linkAction: {
        geofence: 'Vincular cerca',
        notifications: 'Vincular notificação',
        groups: 'Vincular grupo',
      },
      linkTitle: {
        geofence: 'Cerca virtual para %{items}',
        notifications: 'Notificação para %{items}',
        groups: 'Grupo para %{items}',
      },
      linked: 'Vinculado a %{items}: %{name}',
      unlinked: 'Desvinculado de %{items}: %{name}',
      groupAction: 'Mudar grupo',
      groupTitle: 'Grupo de %{items}',
      noGroup: 'Sem grupo',
      grouped: 'Agora no grupo %{group}: %{items}',
      ungrouped: 'Agora sem grupo: %{items}',
      enable: 'Ativar',
      disable: 'Desativar',
      enabledDone: '%{items} ativado |||| %{items} ativados',
      disabledDone: '%{items} desativado |||| %{items} desativados',
      notSelfDisable: 'A sua própria conta não pode ser desativada por aqui: desmarque-a antes.',
      notSelfDelete: 'A sua própria conta não pode ser excluída por aqui: desmarque-a antes.',
      command: {
        action: 'Enviar comando',
        title: 'Comando salvo para %{items}',
        none: 'Não há comando salvo para enviar.',
        send: 'Enviar',
        result: '%{command}: %{outcome}',
        sent: 'recebido agora por %{smart_count}',
        queued:
          'na fila de %{smart_count} até conectar |||| na fila de %{smart_count} até conectarem',
        failed: 'falhou em %{smart_count} (%{reason})',
      },
    },
    delete: {
      more: 'e mais %{smart_count}',
      question: {
        'device-admin':
          'Excluir o dispositivo %{name}? |||| Excluir os %{smart_count} dispositivos selecionados?',
        groups: 'Excluir o grupo %{name}? |||| Excluir os %{smart_count} grupos selecionados?',
        users: 'Excluir o usuário %{name}? |||| Excluir os %{smart_count} usuários selecionados?',
        calendars:
          'Excluir o calendário %{name}? |||| Excluir os %{smart_count} calendários selecionados?',
      },
      consequence: {
        'device-admin':
          'As posições e os eventos dele vão junto e não podem ser recuperados. |||| As posições e os eventos deles vão junto e não podem ser recuperados.',
        deviceKept:
          'Ele sai de todas as listas e perde os vínculos com usuários e grupo; o histórico fica guardado no servidor. |||| Eles saem de todas as listas e perdem os vínculos com usuários e grupos; o histórico fica guardado no servidor.',
        groups:
          'Os dispositivos e subgrupos dele ficam sem grupo, e quem via dispositivos por ele deixa de vê-los. |||| Os dispositivos e subgrupos deles ficam sem grupo, e quem via dispositivos por eles deixa de vê-los.',
        users:
          'Os vínculos, sessões, compartilhamentos e faturas dele vão junto. |||| Os vínculos, sessões, compartilhamentos e faturas deles vão junto.',
        calendars:
          'Os relatórios agendados que usam este calendário também são excluídos. |||| Os relatórios agendados que usam estes calendários também são excluídos.',
      },
      done: {
        'device-admin': 'Dispositivo %{name} excluído |||| %{smart_count} dispositivos excluídos',
        groups: 'Grupo %{name} excluído |||| %{smart_count} grupos excluídos',
        geofence: 'Cerca virtual %{name} excluída |||| %{smart_count} cercas virtuais excluídas',
        commands: 'Comando salvo %{name} excluído |||| %{smart_count} comandos salvos excluídos',
        notifications: 'Notificação %{name} excluída |||| %{smart_count} notificações excluídas',
        events: 'Evento %{name} excluído |||| %{smart_count} eventos excluídos',
        drivers: 'Motorista %{name} excluído |||| %{smart_count} motoristas excluídos',
        calendars: 'Calendário %{name} excluído |||| %{smart_count} calendários excluídos',
        maintenances: 'Manutenção %{name} excluída |||| %{smart_count} manutenções excluídas',
        computed:
          'Atributo computado %{name} excluído |||| %{smart_count} atributos computados excluídos',
        users: 'Usuário %{name} excluído |||| %{smart_count} usuários excluídos',
        'scheduled-reports':
          'Relatório agendado %{name} excluído |||| %{smart_count} relatórios agendados excluídos',
      },
    },
  },
};

export default listsPtBR;
