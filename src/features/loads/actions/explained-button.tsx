import { Button, type ButtonProps, Tooltip } from '@mantine/core';
import type { MouseEvent, ReactNode } from 'react';

interface ExplainedButtonProps extends Omit<ButtonProps, 'disabled'> {
  children: ReactNode;
  onClick: () => void;
  /** Shown in a tooltip when set; the button is then inert. */
  disabledReason: string | null;
  'data-testid'?: string;
}

/**
 * A button that, when it cannot be used, says why. A truly `disabled` button gets no pointer or
 * focus events, so its tooltip would never show; `data-disabled` keeps it hoverable and focusable
 * (keyboard and touch users see the reason too) while the click is ignored.
 */
export function ExplainedButton({ disabledReason, onClick, children, ...props }: ExplainedButtonProps) {
  const off = disabledReason !== null;
  const button = (
    <Button
      {...props}
      data-disabled={off || undefined}
      aria-disabled={off || undefined}
      onClick={(event: MouseEvent) => {
        if (off) event.preventDefault();
        else onClick();
      }}
    >
      {children}
    </Button>
  );
  // Always inside the tooltip (off when there is no reason): a button that moved in the tree would be
  // a new element, and focus returning to it from a closed dialog would be lost.
  return (
    <Tooltip label={disabledReason} disabled={!off} multiline maw={280} events={{ hover: true, focus: true, touch: true }}>
      {button}
    </Tooltip>
  );
}
