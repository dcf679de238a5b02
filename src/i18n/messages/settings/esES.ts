import type settingsEnUS from './enUS';

const settingsEsES: typeof settingsEnUS = {
  settings: {
    saved: 'Configuración guardada',
    failed: 'No se pudo guardar: %{error}',
  },
};

export default settingsEsES;
