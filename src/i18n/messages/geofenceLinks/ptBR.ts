/** A que dispositivos uma cerca virtual se aplica, e o aviso do formulário de notificação. */
const geofenceLinksPtBR = {
  geofenceLinks: {
    title: 'Aplica-se a',
    intro:
      'Uma cerca virtual só gera eventos para os dispositivos vinculados a ela, diretamente ou por um grupo.',
    all: 'Todos os meus dispositivos (%{smart_count})',
    allNote:
      'Inclui os dispositivos que você adicionar ou receber depois: eles geram eventos desta cerca sem precisar vinculá-los.',
    allSnapshot:
      'Cada dispositivo é vinculado a esta cerca; um dispositivo adicionado depois precisa ser vinculado aqui de novo.',
    devices: 'Dispositivos',
    groups: 'Grupos',
    count: 'Aplica-se a %{smart_count} dispositivo |||| Aplica-se a %{smart_count} dispositivos',
    none: 'Não se aplica a nenhum dispositivo: esta cerca não gera eventos de entrada ou saída.',
    loading: 'Carregando dispositivos e grupos…',
    column: 'Dispositivos',
    ruleAlways:
      'Nenhum dos seus dispositivos tem cerca virtual vinculada, então esta regra nunca dispara. Abra a cerca virtual e escolha a que dispositivos ela se aplica.',
    ruleLinked:
      'Os dispositivos desta regra não têm cerca virtual vinculada, então ela nunca dispara. Ative "Todos os dispositivos" ou vincule-a a dispositivos, e escolha na cerca a que dispositivos ela se aplica.',
    ruleFilter:
      'Nenhuma das cercas virtuais a que esta regra se limita está vinculada aos dispositivos dela.',
  },
};

export default geofenceLinksPtBR;
