import { Box, Card, CardContent, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { Title } from 'react-admin';

/**
 * A page of its own (not a resource list): the title in the app bar and as a heading, at a
 * readable width; `card` sets the heading and the content on a card.
 */
export const PageFrame = ({
  title,
  maxWidth,
  card = false,
  children,
}: {
  title: string;
  maxWidth: number;
  card?: boolean;
  children: ReactNode;
}) => {
  const heading = (
    // The page's h1 is its name in the bar; this repeats it over the content.
    <Typography variant="h6" component="h2" gutterBottom>
      {title}
    </Typography>
  );
  return (
    <Box sx={{ p: 2, maxWidth }}>
      <Title title={title} />
      {card ? (
        <Card>
          <CardContent>
            {heading}
            {children}
          </CardContent>
        </Card>
      ) : (
        <>
          {heading}
          {children}
        </>
      )}
    </Box>
  );
};
