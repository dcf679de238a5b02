import { useLocaleState, useTranslate } from 'react-admin';
import { ZoomControl } from 'react-leaflet';

/**
 * Leaflet's zoom buttons with titles and aria-labels in the interface language (Leaflet's own
 * are English). Leaflet reads them once, at creation, so a new locale makes a new control.
 */
export const LocalizedZoomControl = ({
  position,
}: {
  position: 'topleft' | 'topright' | 'bottomleft' | 'bottomright';
}) => {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  return (
    <ZoomControl
      key={locale}
      position={position}
      zoomInTitle={translate('map.zoomIn')}
      zoomOutTitle={translate('map.zoomOut')}
    />
  );
};
