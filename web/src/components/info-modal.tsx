import { useId } from 'react';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { useTranslation } from 'react-i18next';

interface InfoModalProps {
  /** The message to show; the dialog is open while it is set. */
  message: string | null;
  onClose: () => void;
}

/** The info dialog for general errors: title "Info", one Ok button (SPEC §2). */
export const InfoModal = ({ message, onClose }: InfoModalProps) => {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Modal show={message !== null} onHide={onClose} centered aria-labelledby={titleId}>
      <Modal.Header>
        <Modal.Title id={titleId} as="h2" className="h5">
          {t('common.info')}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>{message}</Modal.Body>
      <Modal.Footer>
        <Button variant="primary" onClick={onClose}>
          {t('common.ok')}
        </Button>
      </Modal.Footer>
    </Modal>
  );
};
