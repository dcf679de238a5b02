import type { DriverMessages } from './enUS';

const driverPtBR: DriverMessages = {
  driver: {
    title: 'Check-in do motorista',
    hello: 'Olá, %{name}',
    current: 'Conectado ao veículo',
    since: 'Desde %{time}',
    none: 'Você não está conectado a nenhum veículo.',
    scan: 'Ler QR Code do veículo',
    checkOut: 'Desconectar',
    checkedOut: 'Você se desconectou do veículo.',
    logout: 'Sair',
    scanning: 'Aponte a câmera para o QR Code do veículo.',
    cancel: 'Cancelar',
    notVehicleQr: 'Este não é um QR Code de veículo deste site.',
    cameraError: 'Não foi possível abrir a câmera. Permita o acesso à câmera e tente novamente.',
    confirmTitle: 'Conectar-se a este veículo?',
    confirm: 'Conectar',
    checkedIn: 'Você está conectado a %{name}.',
    back: 'Voltar',
    onlyDrivers: 'Esta tela é apenas para motoristas.',
    goHome: 'Ir para o mapa',
    errors: {
      notAllowed: 'Você não pode usar este veículo.',
      failed: 'Não foi possível concluir o check-in.',
    },
  },
  autolink: {
    title: 'Adicionar dispositivo',
    menu: 'Adicionar por identificador',
    imei: 'Identificador (IMEI)',
    plate: 'Placa',
    model: 'Modelo',
    category: 'Categoria',
    submit: 'Adicionar',
    success: 'Dispositivo adicionado à sua conta.',
    errors: {
      owned: 'Este dispositivo já está cadastrado em outra conta.',
      limit: 'Você atingiu o seu limite de dispositivos.',
      imei: 'Informe o identificador do dispositivo (letras, números, . _ :).',
      denied: 'Você não pode adicionar dispositivos.',
    },
  },
};

export default driverPtBR;
