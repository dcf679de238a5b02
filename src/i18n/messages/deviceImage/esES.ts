import type deviceImageEnUS from './enUS';

/** The device photo: its tab in the device form and the detail card; spread into the catalogues. */
const deviceImageEsES: typeof deviceImageEnUS = {
  deviceImage: {
    tab: 'Foto',
    alt: 'Foto de %{name}',
    none: 'Aún no hay foto. Aparece en la tarjeta del dispositivo en el mapa.',
    hint: 'JPEG, PNG, GIF o WebP, hasta 500 KB.',
    choose: 'Elegir foto',
    replace: 'Cambiar foto',
    remove: 'Quitar foto',
    uploading: 'Enviando foto…',
    uploaded: 'Foto enviada. Guarde el dispositivo para conservarla.',
    removed: 'Foto quitada. Guarde el dispositivo para conservar el cambio.',
    tooLarge: 'La foto supera los 500 KB.',
    badType: 'Elija una imagen JPEG, PNG, GIF o WebP.',
    failed: 'La foto no se envió: %{error}',
  },
};

export default deviceImageEsES;
