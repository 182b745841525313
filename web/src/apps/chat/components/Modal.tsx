import type { ReactNode, RefObject } from 'react';
import { ModalFrame } from '../../../ui/ModalFrame';

interface ModalProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** Width in pixels (the dialog never exceeds the window). */
  width?: number;
  role?: 'dialog' | 'alertdialog';
  icon?: ReactNode;
  initialFocus?: RefObject<HTMLElement | null>;
  describedBy?: string;
}

/** The chat's modals: a fixed header over a scrolling body. */
export function Modal({ width = 480, ...props }: ModalProps) {
  return <ModalFrame {...props} maxWidth={width} scrollBody backdropTestId="chat-modal-backdrop" />;
}
