import livePtBR from '../live/ptBR';
import type { CoreMessages } from './enUS';

const corePtBR: CoreMessages = {
  ...livePtBR,
  menu: {
    map: 'Mapa',
    devices: 'Dispositivos',
    language: 'Idioma',
    version: 'Versão %{version}',
    manageDevices: 'Gerenciar frota',
    reports: 'Relatórios',
    geofence: 'Cercas virtuais',
    commands: 'Comandos salvos',
    groups: 'Grupos',
    notifications: 'Notificações',
    account: 'Minha conta',
    logs: 'Registros',
    integrations: 'Integrações',
    billing: 'Gestão de cobranças',
    invoices: 'Minhas faturas',
    theme: 'Tema',
    users: 'Usuários',
    computed: 'Atributos computados',
    server: 'Servidor',
    events: 'Eventos',
    drivers: 'Motoristas',
    calendars: 'Calendários',
    maintenances: 'Manutenção',
    reseller: 'Revenda',
    statistics: 'Estatísticas',
    liveLogs: 'Mensagens dos dispositivos',
    connectingDevices: 'Dispositivos tentando conectar',
    announcements: 'Comunicados',
    userMenu: '%{name} – Perfil',
  },
};

export default corePtBR;
