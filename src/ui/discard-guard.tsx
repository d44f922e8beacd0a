import { Button, Group, Modal, Text } from '@mantine/core';
import { type ReactNode, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface DiscardGuard {
  /** Give to the dialog's `onClose` (Escape, click outside, close button) and its Cancel button. */
  requestClose: () => void;
  /** Runs `leave` (collapsing a row, opening another) at once, or once the user agrees to discard. */
  requestLeave: (leave: () => void) => void;
  /** Render beside the dialog: the "Discard unsaved changes?" question while it is asked. */
  confirmation: ReactNode;
}

/**
 * Closing a form with unsaved changes asks first (issue 11): every dialog or editor with a form
 * closes through this, so nothing typed is lost by a stray Escape or click.
 */
export function useDiscardGuard(dirty: boolean, close: () => void): DiscardGuard {
  const { t } = useTranslation('common');
  const [asking, setAsking] = useState(false);
  // What the question's Discard does: close the dialog, or the caller's leave (collapse a row…).
  const leaveOnDiscard = useRef(close);
  // The Escape that asks the question is still travelling to the window when React has already
  // mounted the question (effects of a key press run at once), and the question's own Escape
  // listener would close it on that same key press: it ignores closes until that event is over.
  const askedThisEvent = useRef(false);
  const requestLeave = (leave: () => void) => {
    // An Escape while the question is open reaches the dialog too; the question answers it.
    if (asking) return;
    if (!dirty) return leave();
    leaveOnDiscard.current = leave;
    askedThisEvent.current = true;
    setTimeout(() => {
      askedThisEvent.current = false;
    });
    setAsking(true);
  };
  const keepEditing = () => {
    if (!askedThisEvent.current) setAsking(false);
  };
  const requestClose = () => requestLeave(close);
  const confirmation = (
    <Modal
      opened={asking}
      onClose={keepEditing}
      title={t('discardGuard.title')}
      centered
      size="sm"
      zIndex={400}
      data-testid="discard-guard"
    >
      <Text size="sm">{t('discardGuard.message')}</Text>
      <Group justify="flex-end" mt="md">
        <Button variant="default" data-autofocus onClick={() => setAsking(false)} data-testid="discard-guard-keep">
          {t('discardGuard.keep')}
        </Button>
        <Button
          color="red"
          onClick={() => {
            setAsking(false);
            leaveOnDiscard.current();
          }}
          data-testid="discard-guard-discard"
        >
          {t('discardGuard.discard')}
        </Button>
      </Group>
    </Modal>
  );
  return { requestClose, requestLeave, confirmation };
}
