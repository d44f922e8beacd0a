import { Modal, type ModalProps } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { ReactNode } from 'react';

interface PlanningModalProps {
  title: ReactNode;
  onClose: () => void;
  size?: ModalProps['size'];
  children: ReactNode;
  'data-testid': string;
}

/**
 * The planning dialogs' frame: a Mantine Modal (focus trapped, Escape closes) that takes the whole
 * screen at tablet width and below (48em = 768 px), so its tables and lists stay usable by touch.
 */
export function PlanningModal({ title, onClose, size = 'xl', children, ...props }: PlanningModalProps) {
  const narrow = useMediaQuery('(max-width: 48em)');
  return (
    <Modal opened onClose={onClose} title={title} size={size} fullScreen={narrow} closeOnClickOutside={false} {...props}>
      {children}
    </Modal>
  );
}
