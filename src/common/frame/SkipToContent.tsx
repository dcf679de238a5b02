import { Button } from '@mui/material';
import { useTranslate } from 'react-admin';

/** The first thing a keyboard reaches: straight to the page, past the bar and the menu. */
export const SkipToContent = () => {
  const translate = useTranslate();
  return (
    <Button
      href="#main-content"
      variant="contained"
      sx={{
        position: 'fixed',
        top: 8,
        left: 8,
        zIndex: 'tooltip',
        transform: 'translateY(-200%)',
        '&:focus': { transform: 'none' },
      }}
      onClick={(event) => {
        event.preventDefault();
        document.getElementById('main-content')?.focus();
      }}
    >
      {translate('ra.navigation.skip_nav')}
    </Button>
  );
};
