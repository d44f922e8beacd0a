// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import { useState } from 'react';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import commonEnglish from '../../locales/en-US/common.json';
import { DateTimeField } from './date-time-field.tsx';
import { pickDay } from './date-time-field.test-support.ts';

beforeAll(async () => {
  await i18next.use(initReactI18next).init({
    lng: 'en-US',
    resources: { 'en-US': { common: commonEnglish } },
    interpolation: { escapeValue: false },
  });
});

afterEach(cleanup);

const changes: (string | null)[] = [];

function Field({ initial }: { initial: string | null }) {
  const [value, setValue] = useState(initial);
  return (
    <MantineProvider>
      <DateTimeField
        aria-label="Arrival"
        value={value}
        timezone="America/Chicago"
        clearable
        onChange={(next) => {
          changes.push(next);
          setValue(next);
        }}
        data-testid="arrival"
      />
    </MantineProvider>
  );
}

function typeTime(text: string) {
  const box = screen.getByLabelText('Arrival: time') as HTMLInputElement;
  fireEvent.focus(box);
  fireEvent.change(box, { target: { value: text } });
  fireEvent.blur(box);
  return box;
}

describe('DateTimeField', () => {
  // The day was chosen (midnight): issue 18 saw "0700" become 00:00 and "07" become 00:07.
  const chosenDay = '2030-03-04T06:00:00.000Z';

  it('puts typed "0700" in the hour', () => {
    changes.length = 0;
    render(<Field initial={chosenDay} />);
    const box = typeTime('0700');
    expect(changes).toEqual(['2030-03-04T13:00:00.000Z']);
    expect(box.value.replace(/\s/g, ' ')).toBe('7:00 AM');
  });

  it('puts typed "07" in the hour and keeps the minutes', () => {
    changes.length = 0;
    render(<Field initial="2030-03-04T06:25:00.000Z" />);
    typeTime('07');
    expect(changes).toEqual(['2030-03-04T13:25:00.000Z']);
  });

  it('reads "7:30" and shows the day in the product format', () => {
    changes.length = 0;
    render(<Field initial={chosenDay} />);
    typeTime('7:30');
    expect(changes).toEqual(['2030-03-04T13:30:00.000Z']);
    expect(screen.getByTestId('arrival-day').textContent).toBe('Mar 4, 2030');
  });

  it('after a day is picked, focuses the time box with its time selected, so typing replaces it', async () => {
    changes.length = 0;
    render(<Field initial={null} />);
    await pickDay(screen.getByTestId('arrival'), '2030-03-04');
    expect(changes).toEqual(['2030-03-04T06:00:00.000Z']);
    const box = screen.getByLabelText('Arrival: time') as HTMLInputElement;
    await waitFor(() => expect(document.activeElement).toBe(box));
    await waitFor(() => expect([box.selectionStart, box.selectionEnd]).toEqual([0, box.value.length]));
    expect(box.value.length).toBeGreaterThan(0);
    // The calendar renders a few times on the way to the day: slow in happy-dom on a busy machine.
  }, 30_000);

  it('keeps the time shown when what was typed is no time', () => {
    changes.length = 0;
    render(<Field initial={chosenDay} />);
    const box = typeTime('25:99');
    expect(changes).toEqual([]);
    expect(box.value.replace(/\s/g, ' ')).toBe('12:00 AM');
  });
});
