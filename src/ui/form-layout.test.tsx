// @vitest-environment happy-dom
import { MantineProvider, TextInput } from '@mantine/core';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FormLayout } from './form-layout.tsx';

/** The viewport's width as the media queries see it. */
function viewportWidth(width: number) {
  vi.stubGlobal('matchMedia', (query: string) => {
    const minEm = Number(/min-width:\s*([\d.]+)em/.exec(query)?.[1] ?? 0);
    return {
      matches: width >= minEm * 16,
      media: query,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    };
  });
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderLayout(withMap: boolean) {
  render(
    <MantineProvider>
      <FormLayout mapPane={withMap ? <div data-testid="map">map</div> : undefined} mapLabel="Map of the location">
        <TextInput label="Name" />
        <TextInput label="Address" />
      </FormLayout>
    </MantineProvider>,
  );
}

describe('the form layout', () => {
  it('without a map pane lays the fields out one under the other, and nothing else', () => {
    viewportWidth(1280);
    renderLayout(false);
    expect(screen.getByTestId('form-fields').querySelectorAll('input')).toHaveLength(2);
    expect(screen.queryByTestId('form-layout')).toBeNull();
    expect(screen.queryByRole('region')).toBeNull();
  });

  it('puts the map pane beside the fields on a wide screen, after them in reading order', () => {
    viewportWidth(1280);
    renderLayout(true);
    const layout = screen.getByTestId('form-layout');
    expect(layout.getAttribute('data-map-pane')).toBe('beside');
    const pane = screen.getByRole('region', { name: 'Map of the location' });
    expect(pane.contains(screen.getByTestId('map'))).toBe(true);
    expect([...layout.children]).toEqual([screen.getByTestId('form-fields'), pane]);
  });

  it('puts the map pane under the fields at 768 px', () => {
    viewportWidth(768);
    renderLayout(true);
    expect(screen.getByTestId('form-layout').getAttribute('data-map-pane')).toBe('under');
    expect(screen.getByRole('region', { name: 'Map of the location' })).toBeTruthy();
  });
});
