import type { DriverMessages } from './enUS';

const driverEsES: DriverMessages = {
  driver: {
    title: 'Registro del conductor',
    hello: 'Hola, %{name}',
    current: 'Conectado al vehículo',
    since: 'Desde %{time}',
    none: 'No está conectado a ningún vehículo.',
    scan: 'Leer código QR del vehículo',
    checkOut: 'Desconectar',
    checkedOut: 'Se ha desconectado del vehículo.',
    logout: 'Salir',
    scanning: 'Apunte la cámara al código QR del vehículo.',
    cancel: 'Cancelar',
    notVehicleQr: 'Este no es un código QR de vehículo de este sitio.',
    cameraError: 'No se pudo abrir la cámara. Permita el acceso a la cámara e inténtelo de nuevo.',
    confirmTitle: '¿Conectarse a este vehículo?',
    confirm: 'Conectar',
    checkedIn: 'Está conectado a %{name}.',
    back: 'Volver',
    onlyDrivers: 'Esta pantalla es solo para conductores.',
    goHome: 'Ir al mapa',
    errors: {
      notAllowed: 'No puede usar este vehículo.',
      failed: 'No se pudo completar el registro.',
    },
  },
  autolink: {
    title: 'Añadir dispositivo',
    menu: 'Añadir por identificador',
    imei: 'Identificador (IMEI)',
    plate: 'Matrícula',
    model: 'Modelo',
    category: 'Categoría',
    submit: 'Añadir',
    success: 'Dispositivo añadido a su cuenta.',
    errors: {
      owned: 'Este dispositivo ya está registrado en otra cuenta.',
      limit: 'Ha alcanzado su límite de dispositivos.',
      imei: 'Introduzca el identificador del dispositivo (letras, números, . _ :).',
      denied: 'No puede añadir dispositivos.',
    },
  },
};

export default driverEsES;
