import { Button, Group, Text } from '@mantine/core';
import { type Ref, useState } from 'react';
import { useTranslation } from 'react-i18next';

interface SureButtonProps {
  label: string;
  onConfirm: () => void;
  color?: string;
  variant?: 'filled' | 'light' | 'default' | 'outline';
  disabled?: boolean;
  testId?: string;
  /** The button's accessible name when its label alone does not say what it acts on. */
  name?: string;
  /** The question instead of "Sure?", naming what the answer acts on. */
  question?: string;
  /** The id of what else the button's choice should be read with (e.g. the conflicts it makes). */
  describedBy?: string;
  ref?: Ref<HTMLButtonElement>;
}

/**
 * A button that asks "Sure? Yes / No" in its own place before it acts (spec 1 §2, assignment panels):
 * for a choice among many rows, where a dialog per row would be heavy.
 */
export function SureButton({
  label,
  onConfirm,
  color,
  variant = 'light',
  disabled,
  testId,
  name,
  question,
  describedBy,
  ref,
}: SureButtonProps) {
  const { t } = useTranslation();
  const [asking, setAsking] = useState(false);
  if (!asking) {
    return (
      <Button
        ref={ref}
        size="xs"
        variant={variant}
        color={color}
        disabled={disabled}
        aria-label={name}
        aria-describedby={describedBy}
        onClick={() => setAsking(true)}
        data-testid={testId}
      >
        {label}
      </Button>
    );
  }
  return (
    <Group gap={6} wrap="nowrap" role="group" aria-label={question ?? t('confirmInPlace.sure')}>
      <Text size="sm" fw={600}>
        {question ?? t('confirmInPlace.sure')}
      </Text>
      <Button
        size="xs"
        color={color}
        // The question replaced the button under the pointer; focus moves to the answer for keyboards.
        data-autofocus
        autoFocus
        onClick={() => {
          setAsking(false);
          onConfirm();
        }}
        data-testid={testId ? `${testId}-yes` : undefined}
      >
        {t('confirmInPlace.yes')}
      </Button>
      <Button size="xs" variant="default" onClick={() => setAsking(false)} data-testid={testId ? `${testId}-no` : undefined}>
        {t('confirmInPlace.no')}
      </Button>
    </Group>
  );
}
