import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';

const TITLE_ID = 'react-admin-title';

/**
 * The page's name in the bar, where react-admin's own `<Title>` puts it (the frame's title
 * portal). react-admin's also makes the title editable in its preferences inspector, which the
 * first screen would then download; the map's title only needs to be shown.
 */
export const PageTitle = ({ title }: { title: string }) => {
  const [container, setContainer] = useState<HTMLElement | null>(() =>
    document.getElementById(TITLE_ID),
  );
  // The bar may mount after the page: look again once both are on screen.
  useEffect(() => {
    setContainer((found) =>
      found && document.body.contains(found) ? found : document.getElementById(TITLE_ID),
    );
  }, []);
  return container ? createPortal(<span>{title}</span>, container) : null;
};
