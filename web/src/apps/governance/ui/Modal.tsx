import type { ReactNode, RefObject } from 'react';
import { ModalFrame } from '../../../ui/ModalFrame';

interface ModalProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
  role?: 'dialog' | 'alertdialog';
  icon?: ReactNode;
  wide?: boolean;
  initialFocus?: RefObject<HTMLElement | null>;
}

/** A governance modal: Escape and a click outside close it; focus stays inside while it is open. */
export function Modal({ wide = false, ...props }: ModalProps) {
  return <ModalFrame {...props} maxWidth={wide ? 'max-w-2xl' : 'max-w-md'} backdropTestId="governance-modal-backdrop" />;
}
