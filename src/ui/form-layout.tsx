import { Box, SimpleGrid, Stack } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { ReactNode } from 'react';

/** From this width the map pane sits beside the fields; narrower (a 768 px tablet) it goes under them. */
const BESIDE_QUERY = '(min-width: 64em)';

/**
 * A form's fields, one under the other, with an optional map pane (spec 2: a location's or a zone's
 * fields on the left, its map on the right). The pane is a slot: the form brings its own map.
 */
export function FormLayout({
  children,
  mapPane,
  mapLabel,
}: {
  children: ReactNode;
  /** Beside the fields from 1024 px, under them below. */
  mapPane?: ReactNode;
  /** The pane's accessible name (the map of what). */
  mapLabel?: string;
}) {
  const beside = useMediaQuery(BESIDE_QUERY, true);
  const fields = (
    <Stack gap="sm" data-testid="form-fields">
      {children}
    </Stack>
  );
  if (mapPane === undefined) return fields;
  return (
    <SimpleGrid cols={beside ? 2 : 1} spacing="md" data-map-pane={beside ? 'beside' : 'under'} data-testid="form-layout">
      {fields}
      <Box component="section" aria-label={mapLabel} mih="20rem" data-testid="form-map-pane">
        {mapPane}
      </Box>
    </SimpleGrid>
  );
}
