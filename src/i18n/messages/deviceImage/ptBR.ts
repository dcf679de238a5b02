import type deviceImageEnUS from './enUS';

/** The device photo: its tab in the device form and the detail card; spread into the catalogues. */
const deviceImagePtBR: typeof deviceImageEnUS = {
  deviceImage: {
    tab: 'Foto',
    alt: 'Foto de %{name}',
    none: 'Sem foto ainda. Ela aparece no cartão do dispositivo no mapa.',
    hint: 'JPEG, PNG, GIF ou WebP, até 500 KB.',
    choose: 'Escolher foto',
    replace: 'Trocar foto',
    remove: 'Remover foto',
    uploading: 'Enviando foto…',
    uploaded: 'Foto enviada. Salve o dispositivo para mantê-la.',
    removed: 'Foto removida. Salve o dispositivo para manter a alteração.',
    tooLarge: 'A foto passa de 500 KB.',
    badType: 'Escolha uma imagem JPEG, PNG, GIF ou WebP.',
    failed: 'A foto não foi enviada: %{error}',
  },
};

export default deviceImagePtBR;
