import type connectingDevicesEnUS from './enUS';

/** Devices trying to connect (administrators) and the server's switch for them; spread into the main catalogues. */
const connectingDevicesPtBR: typeof connectingDevicesEnUS = {
  connectingDevices: {
    title: 'Dispositivos tentando conectar',
    hint: 'Rastreadores que chegaram ao servidor com um identificador que não está cadastrado como dispositivo. Adicione-os para começar a receber as posições deles, ou descarte-os. A lista se atualiza sozinha enquanto esta página está aberta.',
    columns: {
      uniqueId: 'Identificador',
      protocol: 'Protocolo',
      address: 'Endereço',
      firstSeen: 'Primeira tentativa',
      lastSeen: 'Última tentativa',
      attempts: 'Tentativas',
      actions: 'Ações',
    },
    add: 'Adicionar',
    addLabel: 'Adicionar o dispositivo %{uniqueId}',
    dismiss: 'Descartar',
    dismissLabel: 'Descartar %{uniqueId}',
    added: 'Dispositivo %{name} adicionado',
    edit: 'Editar',
    dismissed: '%{uniqueId} saiu da lista; volta se o rastreador continuar tentando',
    failed: 'Não foi possível carregar a lista: %{error}',
    actionFailed: 'A ação falhou: %{error}',
    listHint:
      '%{smart_count} dispositivo tentando conectar |||| %{smart_count} dispositivos tentando conectar',
    empty: {
      title: 'Nenhum dispositivo tentando conectar',
      what: 'Quando um rastreador chega ao servidor com um identificador (em geral o IMEI) que não está cadastrado como dispositivo, ele aparece aqui, para ser adicionado com um clique.',
      how: 'Para apontar um rastreador para este servidor, configure-o (em geral por um comando SMS: veja o manual dele) para enviar ao endereço %{host}, na porta do protocolo dele.',
      ports:
        'Cada protocolo escuta numa porta própria (definida nas variáveis GT06_PORT, H02_PORT, … ao iniciar o servidor):',
      auto: 'Para que rastreadores desconhecidos sejam cadastrados como dispositivos na hora, ative "Cadastrar dispositivos desconhecidos automaticamente" nas configurações do servidor.',
      settings: 'Configurações do servidor',
    },
    firstTracker: {
      title: 'Conecte seu primeiro rastreador',
      intro:
        'Seus veículos aparecem neste mapa assim que o rastreador de cada um envia a primeira posição. Para isso:',
      add: 'Adicione um dispositivo com o identificador do rastreador (em geral o IMEI, na etiqueta ou na caixa).',
      addButton: 'Adicionar dispositivo',
      askAdmin:
        'Peça ao administrador da sua conta para adicionar um dispositivo com o identificador do rastreador (em geral o IMEI).',
      tracker:
        'Configure o rastreador (em geral por um comando SMS: veja o manual dele) para enviar ao endereço %{host}, na porta do protocolo dele:',
      app: 'Ou use um celular: instale o app Traccar Client e informe, em "URL do servidor", %{address} e, em "Identificador do dispositivo", o identificador que você cadastrou.',
    },
    ports: {
      protocol: 'Protocolo',
      port: 'Porta',
      transport: 'Transporte',
    },
    settings: {
      section: 'Rastreadores não cadastrados',
      registerUnknown: 'Cadastrar dispositivos desconhecidos automaticamente',
      registerUnknownHelp:
        'Um rastreador com identificador não cadastrado vira um dispositivo com o próprio identificador como nome, em vez de esperar na lista de dispositivos tentando conectar.',
      defaultGroup: 'Grupo dos dispositivos cadastrados automaticamente',
      defaultGroupHelp: 'Vazio: sem grupo',
    },
  },
};

export default connectingDevicesPtBR;
