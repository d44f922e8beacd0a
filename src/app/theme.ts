import { createTheme } from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'teal',
  defaultRadius: 'md',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  // Touch targets of at least 40 px on tablets.
  components: {
    Button: { defaultProps: { size: 'sm' } },
  },
});
