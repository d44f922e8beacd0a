import { ActionIcon, Button, type ButtonProps, Tooltip, VisuallyHidden } from '@mantine/core';
import { type MouseEvent, type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useConnected } from './connection-context.ts';

interface ExplanationOptions {
  /** Why the control cannot be used now; null when it can. */
  disabledReason?: string | null;
  /** The action needs the server (it cannot be queued): offline the control is inert and says so. */
  needsConnection?: boolean;
}

/** The reason shown, if any: the caller's own first, then the missing connection. */
function useReason({ disabledReason = null, needsConnection = false }: ExplanationOptions): string | null {
  const { t } = useTranslation();
  const online = useConnected();
  return disabledReason ?? (needsConnection && !online ? t('needsConnection') : null);
}

/**
 * What makes a control inert without `disabled`: a truly disabled button gets no pointer or focus
 * events, so its tooltip would never show; `data-disabled` keeps it hoverable and focusable
 * (keyboard and touch users see the reason too), `aria-disabled` says it to screen readers with the
 * reason as its description, and the click is ignored (a submit button does not submit).
 */
function inertProps(reason: string | null, reasonId: string, onClick: () => void) {
  const off = reason !== null;
  return {
    'data-disabled': off || undefined,
    'aria-disabled': off || undefined,
    'aria-describedby': off ? reasonId : undefined,
    onClick: (event: MouseEvent) => {
      if (off) event.preventDefault();
      else onClick();
    },
  };
}

/** The reason in the accessibility tree: the tooltip's own text exists only while it is open. */
function ReasonText({ id, reason }: { id: string; reason: string | null }) {
  return reason === null ? null : <VisuallyHidden id={id}>{reason}</VisuallyHidden>;
}

interface ExplainedButtonProps extends ExplanationOptions, ButtonProps {
  children: ReactNode;
  onClick: () => void;
  type?: 'button' | 'submit';
  'data-testid'?: string;
}

/**
 * A button that, when it cannot be used, says why in a tooltip reachable by hover, keyboard focus
 * and touch. `disabled` stays for a plain "nothing to do" (an unchanged form) that needs no words.
 */
export function ExplainedButton({
  disabledReason,
  needsConnection,
  onClick,
  children,
  type = 'button',
  ...props
}: ExplainedButtonProps) {
  const reason = useReason({ disabledReason, needsConnection });
  const reasonId = useId();
  // Always inside the tooltip (off when there is no reason): a button that moved in the tree would be
  // a new element, and focus returning to it from a closed dialog would be lost.
  return (
    <>
      <Tooltip label={reason} disabled={reason === null} multiline maw={280} events={{ hover: true, focus: true, touch: true }}>
        <Button {...props} type={type} {...inertProps(reason, reasonId, onClick)}>
          {children}
        </Button>
      </Tooltip>
      <ReasonText id={reasonId} reason={reason} />
    </>
  );
}

interface ExplainedActionIconProps extends ExplanationOptions {
  /** The icon's accessible name, also its tooltip while it can be used. */
  label: string;
  onClick: () => void;
  children: ReactNode;
  color?: string;
  'data-testid'?: string;
}

/** The same control as an icon (a table row's edit or delete): its tooltip names it, or says why not. */
export function ExplainedActionIcon({
  label,
  disabledReason,
  needsConnection,
  onClick,
  children,
  color,
  ...props
}: ExplainedActionIconProps) {
  const reason = useReason({ disabledReason, needsConnection });
  const reasonId = useId();
  return (
    <>
      <Tooltip label={reason ?? label} multiline maw={280} events={{ hover: true, focus: true, touch: reason !== null }}>
        <ActionIcon variant="subtle" color={color} aria-label={label} {...inertProps(reason, reasonId, onClick)} {...props}>
          {children}
        </ActionIcon>
      </Tooltip>
      <ReasonText id={reasonId} reason={reason} />
    </>
  );
}
