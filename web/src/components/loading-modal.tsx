import Modal from 'react-bootstrap/Modal';
import { useTranslation } from 'react-i18next';
import { LoadingIndicator } from './loading-indicator';

interface LoadingModalProps {
  show: boolean;
  size?: 'sm' | 'md' | 'lg';
}

/**
 * The loading dialog: spinner plus "Loading.Please wait...", size sm unless told otherwise
 * (SPEC §2). It cannot be dismissed; it goes away when the work it waits for ends.
 */
export const LoadingModal = ({ show, size = 'sm' }: LoadingModalProps) => {
  const { t } = useTranslation();
  return (
    <Modal
      show={show}
      size={size === 'md' ? undefined : size}
      backdrop="static"
      keyboard={false}
      centered
      aria-label={t('common.loading')}
    >
      <Modal.Body aria-busy="true">
        <LoadingIndicator />
      </Modal.Body>
    </Modal>
  );
};
