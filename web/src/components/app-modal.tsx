import { useId, type ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { useTranslation } from 'react-i18next';

interface AppModalProps {
  show: boolean;
  title: string;
  children: ReactNode;
  onCancel: () => void;
  /** With a confirm action the dialog shows a second, primary button. */
  onConfirm?: () => void;
  confirmLabel?: string;
  /** Defaults to "Cancel" (SPEC §2). */
  cancelLabel?: string;
  size?: 'sm' | 'md' | 'lg';
  /** A static dialog: neither a backdrop click nor Escape closes it. */
  isStatic?: boolean;
}

/** The generic dialog (SPEC §2: size md and cancel label "Cancel" unless told otherwise). */
export const AppModal = ({
  show,
  title,
  children,
  onCancel,
  onConfirm,
  confirmLabel,
  cancelLabel,
  size = 'md',
  isStatic = false,
}: AppModalProps) => {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Modal
      show={show}
      onHide={onCancel}
      size={size === 'md' ? undefined : size}
      backdrop={isStatic ? 'static' : true}
      keyboard={!isStatic}
      centered
      aria-labelledby={titleId}
    >
      <Modal.Header>
        <Modal.Title id={titleId} as="h2" className="h5">
          {title}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>{children}</Modal.Body>
      <Modal.Footer>
        <Button variant="outline-secondary" onClick={onCancel}>
          {cancelLabel ?? t('common.cancel')}
        </Button>
        {onConfirm && (
          <Button variant="primary" onClick={onConfirm}>
            {confirmLabel ?? t('common.ok')}
          </Button>
        )}
      </Modal.Footer>
    </Modal>
  );
};
